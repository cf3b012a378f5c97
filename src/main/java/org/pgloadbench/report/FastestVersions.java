package org.pgloadbench.report;

import java.util.List;
import java.util.Map;
import org.pgloadbench.analysis.Answer;
import org.pgloadbench.analysis.Comparison;
import org.pgloadbench.analysis.EscapedWrites;
import org.pgloadbench.render.Formats;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.render.MarkdownPage;
import org.pgloadbench.render.Noise;
import org.pgloadbench.render.Table;
import org.pgloadbench.render.Verdicts;

/**
 * The answer's question across versions, "which version loads this fastest?": per cell, the version
 * with the lowest median total and its ratio to every other version, with the verdict. Where the
 * control drifted, every verdict is marked not trusted; where a cell's writes escaped its disk
 * limit on some version, its row gives no verdict.
 */
final class FastestVersions {
  private FastestVersions() {}

  /** The table, its first {@code limit} cells (a comment's), a line counting the others. */
  static void render(VersionComparison comparison, Answer answer, int limit, MarkdownPage page) {
    List<VersionComparison.Fastest> all = comparison.fastest();
    if (all.isEmpty()) {
      return;
    }
    List<VersionComparison.Fastest> fastest = all.subList(0, Math.min(limit, all.size()));
    page.heading(3, "Fastest version per cell");
    page.block(
        "Each cell's total on every version: the version with the lowest median, and its ratio to"
            + " each other version: "
            + (comparison.starts().several()
                ? "the ratio over server starts with its 95% interval and the verdict of Student's"
                    + " t over the starts (see Server starts)"
                : comparison.paired()
                    ? "the median of the per-round ratios with its 95% interval and the verdict of"
                        + " the paired test"
                    : "the ratio of the medians and the verdict of the Mann-Whitney test")
            + ", Holm-corrected over the table.");
    VersionComparison.Control control = comparison.control();
    boolean drifting = control != null && control.drifting();
    Table table =
        Table.aligned(
            "llrlrrl",
            "cell",
            "fastest",
            "total (s)",
            "against",
            "ratio",
            "95% interval",
            "verdict");
    for (VersionComparison.Fastest f : fastest) {
      double escaped = escaped(answer, f);
      boolean first = true;
      for (Map.Entry<String, Comparison> e : f.against().entrySet()) {
        Comparison c = e.getValue();
        table.row(
            first ? Markdown.text(f.cell()) : "",
            first ? "PostgreSQL " + Markdown.text(f.version()) : "",
            first
                ? Formats.significant(f.total().summary().median())
                    + Noise.flag(f.total().summary())
                : "",
            "PostgreSQL " + Markdown.text(e.getKey()),
            Verdicts.ratio(c),
            Verdicts.range(c),
            EscapedWrites.judged(escaped)
                ? Verdicts.stated(c) + (drifting ? ", not trusted (machine drifting)" : "")
                : EscapedWrites.notJudged(escaped));
        first = false;
      }
    }
    page.table(table);
    if (fastest.size() < all.size()) {
      page.block((all.size() - fastest.size()) + " more cells in the full report.");
    }
    if (drifting) {
      page.block(
          "**Not trusted:** the control differed from its twin (see Versions compared), so these"
              + " differences between versions may be the machine's.");
    }
  }

  /** The largest share of the cell's writes that escaped its disk limit, over the versions. */
  private static double escaped(Answer answer, VersionComparison.Fastest f) {
    double most = 0;
    for (Answer.Table table : answer.tables()) {
      Answer.Row row = table.row(f.cell());
      if (row != null && !Double.isNaN(row.escaped())) {
        most = Math.max(most, row.escaped());
      }
    }
    return most;
  }
}
