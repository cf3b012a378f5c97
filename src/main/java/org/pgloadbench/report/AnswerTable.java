package org.pgloadbench.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.pgloadbench.analysis.Answer;
import org.pgloadbench.analysis.Comparison;
import org.pgloadbench.analysis.EscapedWrites;
import org.pgloadbench.analysis.Settling;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.render.MarkdownPage;
import org.pgloadbench.render.Table;
import org.pgloadbench.render.Verdicts;

/**
 * One version's table of the answer: each cell's total against the baseline, the fastest marked;
 * cut to the baseline, the fastest and the quickest others when a comment has no room for all.
 */
record AnswerTable(String baseline, StopReasons stops) {
  void render(Answer.Table table, int limit, MarkdownPage page) {
    List<String> header =
        new ArrayList<>(
            List.of("cell", "total (s)", "vs baseline", "95% interval", "p", "Holm p", "verdict"));
    if (stops.shown()) {
      header.add("stopped");
    }
    Table shown =
        Table.aligned("lrrrrrl" + (stops.shown() ? "l" : ""), header.toArray(String[]::new));
    List<Answer.Row> rows = shownRows(table, limit);
    for (Answer.Row row : rows) {
      shown.row(cells(table, row));
    }
    page.table(shown);
    if (rows.stream().anyMatch(r -> !r.judged())) {
      page.block(
          "A cell whose load (or the baseline's) wrote more than "
              + Math.round(EscapedWrites.MAX_SHARE * 100)
              + "% of its bytes past the disk limit is not judged: its time is not that disk's"
              + " (the throttle section says what passed).");
    }
    if (rows.size() < table.rows().size()) {
      page.block((table.rows().size() - rows.size()) + " more cells in the full report.");
    }
  }

  private List<String> cells(Answer.Table table, Answer.Row row) {
    List<String> cells = new ArrayList<>();
    String label = Markdown.text(row.cell());
    String mark = mark(table, row.cell());
    if (!mark.isEmpty()) {
      label = "**" + label + "** " + mark;
    }
    boolean isBaseline = row.cell().equals(baseline);
    if (isBaseline) {
      label += " (baseline)";
    }
    cells.add(label);
    cells.add(VersionSection.median(row.total()));
    Comparison c = row.comparison();
    if (c == null) {
      cells.addAll(List.of(isBaseline ? "1" : "–", "–", "–", "–"));
      cells.add(isBaseline ? "baseline" : "–");
    } else {
      cells.add(Verdicts.ratio(c));
      cells.add(Verdicts.range(c));
      cells.add(Verdicts.pValue(c.pTwoSided()));
      cells.add(Double.isNaN(c.pAdjusted()) ? "–" : Verdicts.pValue(c.pAdjusted()));
      cells.add(row.judged() ? verdict(c) : EscapedWrites.notJudged(row.escaped()));
    }
    if (stops.shown()) {
      cells.add(stops.of(Settling.key(table.version(), row.cell())));
    }
    return cells;
  }

  /**
   * "(fastest)" for a clear winner; "(tied fastest)" for the cells that cannot be told from it
   * while others are slower; "(lowest median)" when no cell can be told apart from any.
   */
  private static String mark(Answer.Table table, String cell) {
    long measured = measured(table);
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

  /** The cells with a complete repetition. */
  static long measured(Answer.Table table) {
    return table.rows().stream().filter(r -> !r.total().isEmpty()).count();
  }

  /** Every row, or the baseline, the fastest and the quickest others up to {@code limit}. */
  private List<Answer.Row> shownRows(Answer.Table table, int limit) {
    if (table.rows().size() <= limit) {
      return table.rows();
    }
    List<Answer.Row> byTime =
        table.rows().stream()
            .filter(r -> !r.total().isEmpty())
            .sorted(Comparator.comparingDouble((Answer.Row r) -> r.total().summary().median()))
            .toList();
    List<String> kept = new ArrayList<>(List.of(baseline));
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
}
