package org.pgloadbench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.pgloadbench.analysis.Answer;
import org.pgloadbench.analysis.ClaimCheck;
import org.pgloadbench.analysis.Comparison;
import org.pgloadbench.analysis.Settling;
import org.pgloadbench.render.Formats;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.render.Noise;
import org.pgloadbench.render.Table;
import org.pgloadbench.render.Verdicts;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.results.StoredRun;
import org.pgloadbench.scenario.Stopping;

/**
 * "The answer", first in report.md and comment.md: on each version, every cell's total against the
 * baseline cell with its ratio, 95% interval, p-values and verdict, the fastest cell marked (or the
 * cells that cannot be told apart from it); then the claims, tallied and tabled. A run that went on
 * until it was sure says of each comparison why it stopped; a race says who left when.
 */
final class AnswerSection {
  /** The most cells the sentence on the fastest names. */
  private static final int TIED = 8;

  private final StoredRun results;
  private final Answer answer;
  private final Map<String, Settling.Status> stops;
  private final RunManifest.Rounds rounds;

  AnswerSection(StoredRun results) {
    this.results = results;
    this.answer = Answer.of(results);
    this.rounds = results.manifest().rounds();
    this.stops =
        rounds != null && RunManifest.Rounds.AUTO.equals(rounds.rule()) && rounds.minimum() != null
            ? Settling.replay(results, rounds.precision(), rounds.minimum())
            : null;
  }

  Answer answer() {
    return answer;
  }

  /**
   * The section; {@code level} is its heading's ({@code ##} in the report, {@code ####} in a
   * comment), {@code rowsPerVersion} the most cells a version's table lists (the baseline and the
   * fastest always among them).
   */
  String render(String level, int rowsPerVersion, boolean comment) {
    StringBuilder out = new StringBuilder(level).append(" The answer\n\n");
    if (answer.baseline() == null) {
      return out.append("Nothing was measured.\n\n").toString();
    }
    out.append("Each cell's total, every table and step summed, against the baseline ")
        .append(Markdown.code(answer.baseline()))
        .append(
            results.manifest().paired()
                ? ": the median of the per-round ratios with its 95% interval, and the verdict of"
                    + " the paired test"
                : ": the ratio of the medians, and the verdict of the Mann-Whitney test")
        .append(", Holm-corrected within each table.")
        .append(rounds == null ? "" : " " + roundsLine())
        .append("\n\n")
        .append(tooFew());
    String sub = level + "#";
    for (Answer.Table table : answer.tables()) {
      if (answer.tables().size() > 1) {
        out.append(sub)
            .append(" PostgreSQL ")
            .append(Markdown.text(table.version()))
            .append("\n\n");
      }
      table(table, rowsPerVersion, out);
      out.append(fastest(table)).append("\n\n");
    }
    if (rounds != null && rounds.race()) {
      out.append(RaceLines.render(results, answer, rounds));
    }
    out.append(claims(sub, comment));
    return out.toString();
  }

  private String roundsLine() {
    if (rounds.race()) {
      return "A race: cells left it as they fell significantly behind the best (see below).";
    }
    return String.format(
        Locale.ROOT,
        "`repeat: auto`: %d rounds, the first look after %d; stopped: %s (within %s counts as"
            + " known, and so does a claim's interval within %s of its factor, budget %s).",
        rounds.run() == null ? results.rounds() : rounds.run(),
        rounds.minimum(),
        Markdown.text(String.valueOf(rounds.stopped())),
        new Stopping(true, rounds.precision(), 0).precisionText(),
        new Stopping(true, Settling.margin(rounds.precision()), 0).precisionText(),
        Stopping.durationText(rounds.budgetSeconds() == null ? 0 : rounds.budgetSeconds()));
  }

  private void table(Answer.Table table, int limit, StringBuilder out) {
    List<String> header =
        new ArrayList<>(
            List.of("cell", "total (s)", "vs baseline", "95% interval", "p", "Holm p", "verdict"));
    if (stops != null) {
      header.add("stopped");
    }
    Table shown =
        Table.aligned("lrrrrrl" + (stops != null ? "l" : ""), header.toArray(String[]::new));
    List<Answer.Row> rows = shownRows(table, limit);
    for (Answer.Row row : rows) {
      List<String> cells = new ArrayList<>();
      String label = Markdown.text(row.cell());
      String mark = mark(table, row.cell());
      if (!mark.isEmpty()) {
        label = "**" + label + "** " + mark;
      }
      if (row.cell().equals(answer.baseline())) {
        label += " (baseline)";
      }
      cells.add(label);
      cells.add(
          row.total().isEmpty()
              ? (row.total().failed() ? "failed" : "–")
              : Formats.significant(row.total().summary().median())
                  + Noise.flag(row.total().summary()));
      Comparison c = row.comparison();
      if (c == null) {
        cells.addAll(List.of(row.cell().equals(answer.baseline()) ? "1" : "–", "–", "–", "–"));
        cells.add(row.cell().equals(answer.baseline()) ? "baseline" : "–");
      } else {
        cells.add(Verdicts.ratio(c));
        cells.add(
            Double.isNaN(c.ratioLow())
                ? "–"
                : String.format(Locale.ROOT, "%.2f–%.2f", c.ratioLow(), c.ratioHigh()));
        cells.add(Verdicts.pValue(c.pTwoSided()));
        cells.add(Double.isNaN(c.pAdjusted()) ? "–" : Verdicts.pValue(c.pAdjusted()));
        cells.add(verdict(c));
      }
      if (stops != null) {
        cells.add(stop(stops.get(Settling.key(table.version(), row.cell()))));
      }
      shown.row(cells);
    }
    shown.appendTo(out);
    if (rows.size() < table.rows().size()) {
      out.append("\n")
          .append(table.rows().size() - rows.size())
          .append(" more cells in the full report.\n");
    }
    out.append('\n');
  }

  /**
   * "(fastest)" for a clear winner; "(tied fastest)" for the cells that cannot be told from it
   * while others are slower; "(lowest median)" when no cell can be told apart from any.
   */
  private static String mark(Answer.Table table, String cell) {
    long measured = table.rows().stream().filter(r -> !r.total().isEmpty()).count();
    if (measured < 2 || !table.fastest().contains(cell)) {
      return "";
    }
    if (table.clearWinner()) {
      return "(fastest)";
    }
    if (table.fastest().size() < measured) {
      return "(tied fastest)";
    }
    return table.fastest().get(0).equals(cell) ? "(lowest median)" : "";
  }

  /** The warning when this run's rounds can never give a verdict, else empty. */
  private String tooFew() {
    int most = 0;
    int family = 0;
    boolean paired = false;
    for (Answer.Table table : answer.tables()) {
      int tests = 0;
      for (Answer.Row row : table.rows()) {
        Comparison c = row.comparison();
        if (c != null) {
          tests++;
          paired |= c.test() == Comparison.Test.SIGNED_RANK;
          most = Math.max(most, paired ? c.pairs() : Math.min(c.base().n(), c.other().n()));
        }
      }
      family = Math.max(family, tests);
    }
    String warning =
        paired ? Verdicts.tooFewPairs(most, family, false) : Verdicts.tooSmallToDecide(most, most);
    return warning.isEmpty() ? "" : "**" + warning + "**\n\n";
  }

  /** Every row, or the baseline, the fastest and the quickest others up to {@code limit}. */
  private List<Answer.Row> shownRows(Answer.Table table, int limit) {
    if (table.rows().size() <= limit) {
      return table.rows();
    }
    List<Answer.Row> byTime =
        table.rows().stream()
            .filter(r -> !r.total().isEmpty())
            .sorted(
                java.util.Comparator.comparingDouble(
                    (Answer.Row r) -> r.total().summary().median()))
            .toList();
    List<String> kept = new ArrayList<>(List.of(answer.baseline()));
    table.fastest().stream().limit(1).forEach(kept::add);
    for (Answer.Row r : byTime) {
      if (kept.size() >= limit) {
        break;
      }
      if (!kept.contains(r.cell())) {
        kept.add(r.cell());
      }
    }
    return table.rows().stream().filter(r -> kept.contains(r.cell())).toList();
  }

  static String verdict(Comparison c) {
    return switch (c.verdict()) {
      case LOWER, HIGHER -> "**" + Verdicts.of(c.verdict()) + "**";
      case NO_DIFFERENCE -> Verdicts.SAME;
      case TOO_FEW -> Verdicts.of(Comparison.Verdict.TOO_FEW);
    };
  }

  private String stop(Settling.Status status) {
    if (status == null) {
      return "–";
    }
    return switch (status.reason()) {
      case VERDICT -> "verdict, round " + status.round();
      case PRECISION ->
          "within "
              + new Stopping(true, rounds.precision(), 0).precisionText()
              + ", round "
              + status.round();
      case FACTOR ->
          "on its factor (within "
              + new Stopping(true, Settling.margin(rounds.precision()), 0).precisionText()
              + "), round "
              + status.round();
      case SIZE_OPEN -> "open (size): " + Markdown.text(String.valueOf(rounds.stopped()));
      case OPEN -> "open: " + Markdown.text(String.valueOf(rounds.stopped()));
    };
  }

  /** The sentence naming the fastest cell, or the cells that cannot be told apart. */
  private String fastest(Answer.Table table) {
    if (table.fastest().isEmpty()) {
      return "No cell has a complete repetition.";
    }
    long measured = table.rows().stream().filter(r -> !r.total().isEmpty()).count();
    if (measured < 2) {
      return "One cell measured: nothing to choose between.";
    }
    String first = table.fastest().get(0);
    String vsBaseline = againstBaseline(table, first);
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

  private String againstBaseline(Answer.Table table, String cell) {
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
        + (Double.isNaN(c.ratioLow())
            ? ""
            : String.format(Locale.ROOT, ", 95%% interval %.2f–%.2f", c.ratioLow(), c.ratioHigh()))
        + ")";
  }

  /** The claims: a tally in the heading, then the table. */
  private String claims(String level, boolean comment) {
    if (answer.claims().isEmpty()) {
      return "";
    }
    Map<ClaimCheck.Verdict, Integer> tally = answer.tally();
    List<String> counts = new ArrayList<>();
    tally.forEach(
        (verdict, n) -> {
          if (n > 0 || verdict != ClaimCheck.Verdict.NO_VERDICT) {
            counts.add(n + " " + verdict);
          }
        });
    List<String> sizes = new ArrayList<>();
    answer
        .sizeTally()
        .forEach(
            (size, n) -> {
              if (n > 0) {
                sizes.add(n + " " + size);
              }
            });
    String heading =
        level
            + " Claims: "
            + String.join(", ", counts)
            + (sizes.isEmpty() ? "" : "; size " + String.join(", ", sizes));
    return ClaimsSection.render(
        answer.claims(), results.manifest().paired(), heading, comment, stops, this::stop);
  }
}
