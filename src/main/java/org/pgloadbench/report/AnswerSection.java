package org.pgloadbench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.pgloadbench.analysis.Answer;
import org.pgloadbench.analysis.Comparison;
import org.pgloadbench.analysis.Settling;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.render.MarkdownPage;
import org.pgloadbench.render.Section;
import org.pgloadbench.render.Verdicts;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.scenario.Stopping;

/**
 * "The answer", first in report.md and comment.md: on each version, every cell's total against the
 * baseline cell with its ratio, 95% interval, p-values and verdict, the fastest cell marked (or the
 * cells that cannot be told apart from it); over several versions, each cell's fastest version
 * ({@link FastestVersions}); then the claims, tallied and tabled. A run that went on until it was
 * sure says of each comparison why it stopped; a race says who left when.
 *
 * @param rowsPerVersion the most cells a version's table lists (the baseline and the fastest always
 *     among them)
 * @param comment whether it is a comment's: the claims' rule in one line
 */
record AnswerSection(int rowsPerVersion, boolean comment) implements Section<ReportedRun> {
  /** The report's: every cell. */
  static final AnswerSection REPORT = new AnswerSection(Integer.MAX_VALUE, false);

  /** The most cells the sentence on the fastest names. */
  private static final int TIED = 8;

  @Override
  public boolean applies(ReportedRun run) {
    return run.measured();
  }

  @Override
  public void render(ReportedRun run, MarkdownPage page) {
    page.heading(2, "The answer");
    Answer answer = run.answer();
    if (answer.baseline() == null) {
      page.block("Nothing was measured.");
      return;
    }
    RunManifest.Rounds rounds = run.results().manifest().rounds();
    page.block(
        "Each cell's total, every table and step summed, against the baseline "
            + Markdown.code(answer.baseline())
            + (run.paired()
                ? ": the median of the per-round ratios with its 95% interval, and the verdict of"
                    + " the paired test"
                : ": the ratio of the medians, and the verdict of the Mann-Whitney test")
            + ", Holm-corrected within each table."
            + (rounds == null ? "" : " " + roundsLine(run, rounds)));
    page.block(tooFew(answer));
    AnswerTable tables = new AnswerTable(answer.baseline(), run.stops());
    for (Answer.Table table : answer.tables()) {
      if (answer.tables().size() > 1) {
        page.heading(3, "PostgreSQL " + Markdown.text(table.version()));
      }
      tables.render(table, rowsPerVersion, page);
      page.block(fastest(answer, table));
    }
    if (run.comparison() != null) {
      FastestVersions.render(run.comparison(), answer, rowsPerVersion, page);
    }
    if (rounds != null && rounds.race()) {
      page.block(RaceLines.render(run.results(), answer, rounds));
    }
    // a comment's claims table shrinks with its cells', three checks a cell
    int claimRows = rowsPerVersion == Integer.MAX_VALUE ? rowsPerVersion : 3 * rowsPerVersion;
    ClaimsSection.render(answer, run.paired(), comment, claimRows, run.stops(), page);
  }

  private static String roundsLine(ReportedRun run, RunManifest.Rounds rounds) {
    if (rounds.race()) {
      return "A race: cells left it as they fell significantly behind the best (see below).";
    }
    return String.format(
        Locale.ROOT,
        "`repeat: auto`: %d rounds, the first look after %d; stopped: %s (within %s counts as"
            + " known, and so does a claim's interval within %s of its factor, budget %s).",
        rounds.run() == null ? run.results().rounds() : rounds.run(),
        rounds.minimum(),
        Markdown.text(String.valueOf(rounds.stopped())),
        new Stopping(true, rounds.precision(), 0).precisionText(),
        new Stopping(true, Settling.margin(rounds.precision()), 0).precisionText(),
        Stopping.durationText(rounds.budgetSeconds() == null ? 0 : rounds.budgetSeconds()));
  }

  /** The warning when this run's rounds can never give a verdict, else empty. */
  private static String tooFew(Answer answer) {
    List<Comparison> all = new ArrayList<>();
    int family = 0;
    for (Answer.Table table : answer.tables()) {
      List<Comparison> tests =
          table.rows().stream().map(Answer.Row::comparison).filter(Objects::nonNull).toList();
      all.addAll(tests);
      family = Math.max(family, tests.size());
    }
    String warning = Verdicts.tooFew(all, family);
    return warning.isEmpty() ? "" : "**" + warning + "**";
  }

  /** The sentence naming the fastest cell, or the cells that cannot be told apart. */
  private static String fastest(Answer answer, Answer.Table table) {
    if (table.fastest().isEmpty()) {
      return "No cell has a complete repetition.";
    }
    long measured = AnswerTable.measured(table);
    if (measured < 2) {
      return "One cell measured: nothing to choose between.";
    }
    if (table.rows().stream().anyMatch(r -> !r.judged())) {
      return "**Fastest:** not judged: the writes of some cells escaped their disk limit, so their"
          + " times are not that disk's (the throttle section says how much).";
    }
    String first = table.fastest().get(0);
    String vsBaseline = againstBaseline(answer, table, first);
    if (table.clearWinner()) {
      return "**Fastest:** "
          + Markdown.code(first)
          + vsBaseline
          + ", significantly faster than every other cell.";
    }
    if (table.fastest().size() == measured) {
      return "**Fastest:** none can be told apart. "
          + Markdown.code(first)
          + " has the lowest median"
          + vsBaseline
          + ", and no cell is significantly slower than it.";
    }
    List<String> tied =
        new ArrayList<>(table.fastest().stream().limit(TIED).map(Markdown::code).toList());
    if (table.fastest().size() > TIED) {
      tied.add("and " + (table.fastest().size() - TIED) + " more");
    }
    return "**Fastest:** cannot be told apart: "
        + String.join(", ", tied)
        + ". "
        + Markdown.code(first)
        + " has the lowest median"
        + vsBaseline
        + "; every other cell is significantly slower than it.";
  }

  private static String againstBaseline(Answer answer, Answer.Table table, String cell) {
    Answer.Row row = table.row(cell);
    if (cell.equals(answer.baseline())) {
      return " (the baseline)";
    }
    Comparison c = row == null ? null : row.comparison();
    if (c == null) {
      return "";
    }
    return " ("
        + Verdicts.ratio(c)
        + " the baseline"
        + (Double.isNaN(c.ratioLow()) ? "" : ", 95% interval " + Verdicts.range(c))
        + ")";
  }
}
