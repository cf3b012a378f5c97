package org.pgloadbench.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pgloadbench.analysis.Answer;
import org.pgloadbench.analysis.Comparison;
import org.pgloadbench.analysis.EscapedWrites;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.render.MarkdownPage;
import org.pgloadbench.render.Table;
import org.pgloadbench.render.Verdicts;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.results.Sample;

/**
 * The answer's question across versions, "which version loads this fastest?": per cell, the version
 * with the lowest median total and its ratio to every other version, with the verdict. Where the
 * control drifted, every verdict is marked not trusted; where a cell's writes escaped its disk
 * limit on some version, its row gives no verdict.
 */
final class FastestVersions {
  private FastestVersions() {}

  /**
   * The version that loaded a cell fastest (the lowest median total) and how it compares with each
   * other version.
   *
   * @param against per other version (the control left out: it is the base again), the fastest
   *     against it, paired as the run's rounds are: a ratio below 1 is the fastest's lead; Holm
   *     over every cell's comparisons, one family
   */
  record Fastest(String cell, String version, Sample total, Map<String, Comparison> against) {}

  /** Each cell's fastest version, in cell order; a cell measured on fewer than two: left out. */
  static List<Fastest> of(VersionComparison comparison) {
    List<Fastest> found = new ArrayList<>();
    Map<List<String>, Comparison> family = new LinkedHashMap<>();
    for (VersionComparison.Row row : comparison.totals()) {
      Map<String, Sample> measured = new LinkedHashMap<>(row.samples());
      measured
          .entrySet()
          .removeIf(e -> e.getKey().endsWith(RunManifest.CONTROL_SUFFIX) || e.getValue().isEmpty());
      if (measured.size() < 2) {
        continue;
      }
      String best =
          measured.entrySet().stream()
              .min(Comparator.comparingDouble(e -> e.getValue().summary().median()))
              .orElseThrow()
              .getKey();
      Map<String, Comparison> against = new LinkedHashMap<>();
      for (Map.Entry<String, Sample> e : measured.entrySet()) {
        if (!e.getKey().equals(best)) {
          Comparison c =
              Comparison.between(
                  e.getValue(), measured.get(best), comparison.paired(), comparison.starts());
          against.put(e.getKey(), c);
          family.put(List.of(row.cell(), e.getKey()), c);
        }
      }
      found.add(new Fastest(row.cell(), best, measured.get(best), against));
    }
    // each comparison, in the maps made above, replaced by its Holm-corrected self
    Map<List<String>, Comparison> adjusted = Comparison.holm(family);
    found.forEach(f -> f.against().replaceAll((v, c) -> adjusted.get(List.of(f.cell(), v))));
    return found;
  }

  /** The table, its first {@code limit} cells (a comment's), a line counting the others. */
  static void render(VersionComparison comparison, Answer answer, int limit, MarkdownPage page) {
    List<Fastest> all = of(comparison);
    if (all.isEmpty()) {
      return;
    }
    List<Fastest> fastest = all.subList(0, Math.min(limit, all.size()));
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
    for (Fastest f : fastest) {
      double escaped = escaped(answer, f);
      boolean first = true;
      for (Map.Entry<String, Comparison> e : f.against().entrySet()) {
        Comparison c = e.getValue();
        table.row(
            first ? Markdown.text(f.cell()) : "",
            first ? "PostgreSQL " + Markdown.text(f.version()) : "",
            first ? VersionSection.median(f.total()) : "",
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
  private static double escaped(Answer answer, Fastest f) {
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
