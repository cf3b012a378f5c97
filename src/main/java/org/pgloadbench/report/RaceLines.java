package org.pgloadbench.report;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.pgloadbench.analysis.Answer;
import org.pgloadbench.analysis.Comparison;
import org.pgloadbench.analysis.Race;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.render.Table;
import org.pgloadbench.render.Verdicts;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.results.StoredRun;

/** A race's part of the answer: who left when and against whom, and the loads it saved. */
final class RaceLines {
  private RaceLines() {}

  /** The loads a run measured: one per server, cell and round with a stored step. */
  static int loads(StoredRun results) {
    Set<String> loads = new HashSet<>();
    for (StepResult s : results.measured()) {
      loads.add(s.server() + "\u0000" + s.cell() + "\u0000" + s.repetition());
    }
    return loads.size();
  }

  /** The cells still in at the end: the winner, or the set that cannot be told apart. */
  static List<String> left(StoredRun results, String version, RunManifest.Rounds rounds) {
    return results.cells(version).stream().filter(c -> !rounds.left().containsKey(c)).toList();
  }

  static String render(StoredRun results, Answer answer, RunManifest.Rounds rounds) {
    if (answer.tables().isEmpty()) {
      return "";
    }
    String version = answer.tables().get(0).version();
    List<String> cells = results.cells(version);
    int run = rounds.run() == null ? results.rounds() : rounds.run();
    int servers = results.versions().size();
    StringBuilder out = new StringBuilder();
    List<String> winners = left(results, version, rounds);
    out.append("**The race:** ")
        .append(loads(results))
        .append(" loads against ")
        .append(cells.size() * run * servers)
        .append(" for the full matrix (")
        .append(cells.size())
        .append(" cells × ")
        .append(run)
        .append(" rounds); it ended after round ")
        .append(run)
        .append(": ")
        .append(Markdown.text(String.valueOf(rounds.stopped())))
        .append(". ")
        .append(winners.size() == 1 ? "Winner: " : "Left in, not told apart: ")
        .append(String.join(", ", winners.stream().map(Markdown::code).toList()))
        .append(".\n\n");
    if (rounds.left().isEmpty()) {
      return out.toString();
    }
    Table table =
        Table.aligned("lrlrrl", "cell", "left after round", "best then", "ratio", "p", "Holm p");
    for (String cell : cells) {
      Integer round = rounds.left().get(cell);
      if (round == null) {
        continue;
      }
      List<String> in = new ArrayList<>();
      for (String c : cells) {
        Integer leftAt = rounds.left().get(c);
        if (leftAt == null || leftAt >= round) {
          in.add(c);
        }
      }
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
    return out.append(table)
        .append(
            "\nA cell left when the one-sided exact signed-rank test found it slower than the best"
                + " of that round (Holm-corrected over the cells still in), at the significance"
                + " that look could spend (see the notes).\n\n")
        .toString();
  }
}
