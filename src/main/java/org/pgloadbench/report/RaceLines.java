package org.pgloadbench.report;

import java.util.List;
import java.util.Locale;
import org.pgloadbench.analysis.Answer;
import org.pgloadbench.analysis.Comparison;
import org.pgloadbench.analysis.Race;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.render.Table;
import org.pgloadbench.render.Verdicts;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.results.StoredRun;

/** A race's part of the answer: who left when and against whom, and the loads it saved. */
final class RaceLines {
  private RaceLines() {}

  static String render(StoredRun results, Answer answer, RunManifest.Rounds rounds) {
    if (answer.tables().isEmpty()) {
      return "";
    }
    String version = answer.tables().get(0).version();
    List<String> cells = results.cells(version);
    int run = rounds.run() == null ? results.rounds() : rounds.run();
    // the cells still in at the end: the winner, or the set that cannot be told apart
    List<String> winners = cells.stream().filter(c -> !rounds.left().containsKey(c)).toList();
    String said =
        String.format(
            Locale.ROOT,
            "**The race:** %d loads against %d for the full matrix (%d cells × %d rounds); it ended"
                + " after round %d: %s. %s%s.\n\n",
            results.loads(),
            cells.size() * run * results.versions().size(),
            cells.size(),
            run,
            run,
            Markdown.text(String.valueOf(rounds.stopped())),
            winners.size() == 1 ? "Winner: " : "Left in, not told apart: ",
            String.join(", ", winners.stream().map(Markdown::code).toList()));
    if (rounds.left().isEmpty()) {
      return said;
    }
    Table table =
        Table.aligned("lrlrrl", "cell", "left after round", "best then", "ratio", "p", "Holm p");
    for (String cell : cells) {
      Integer round = rounds.left().get(cell);
      if (round == null) {
        continue;
      }
      List<String> in =
          cells.stream().filter(c -> rounds.left().getOrDefault(c, round) >= round).toList();
      Race.Look look =
          Race.look(
              results.upTo(round), version, in, round - rounds.minimum() + 1, rounds.precision());
      Comparison c = look.againstBest().get(cell);
      Double holm = look.holm().get(cell);
      table.row(
          Markdown.text(cell),
          Integer.toString(round),
          look.best() == null ? "–" : Markdown.text(look.best()),
          c == null ? "–" : Verdicts.ratio(c),
          c == null ? "–" : Verdicts.pValue(c.pHigher()),
          holm == null || holm.isNaN() ? "–" : String.format(Locale.ROOT, "%.3f", holm));
    }
    return said
        + table
        + "\nA cell left when the one-sided exact signed-rank test found it slower than the best"
        + " of that round (Holm-corrected over the cells still in), at the significance that look"
        + " could spend (see the notes).\n\n";
  }
}
