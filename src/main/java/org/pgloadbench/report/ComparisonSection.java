package org.pgloadbench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.knowm.xchart.internal.chartpart.Chart;
import org.pgloadbench.analysis.Comparison;
import org.pgloadbench.render.Charts;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.render.MarkdownPage;
import org.pgloadbench.render.Noise;
import org.pgloadbench.render.Section;
import org.pgloadbench.render.Table;
import org.pgloadbench.render.Verdicts;
import org.pgloadbench.results.Sample;
import org.pgloadbench.results.Summary;

/**
 * A run over several versions: per cell, one column per version with its total's median, and for
 * each version but the base its ratio to the base and a verdict; then the same step by step. The
 * totals and the steps are two tables, each one family for Holm's correction.
 */
public final class ComparisonSection {
  static final String CHART = "versions";

  static final Section<ReportedRun> SECTION =
      Section.of(
          run -> run.comparison() != null,
          (run, page) -> render(run.comparison(), CHART + ".png", page),
          ComparisonSection::chart);

  private ComparisonSection() {}

  /** Per cell, the versions' totals side by side. */
  private static Map<String, Chart<?, ?>> chart(ReportedRun run) {
    VersionComparison comparison = run.comparison();
    Map<String, List<Summary>> sides = new LinkedHashMap<>();
    for (String version : comparison.versions()) {
      List<Summary> totals = new ArrayList<>();
      for (VersionComparison.Row row : comparison.totals()) {
        Sample sample = row.samples().get(version);
        totals.add(sample == null || sample.isEmpty() ? null : sample.summary());
      }
      sides.put("PostgreSQL " + version, totals);
    }
    String title = "Total seconds per cell: " + run.results().scenarioName();
    List<String> cells = comparison.totals().stream().map(VersionComparison.Row::cell).toList();
    return Map.of(CHART, Charts.totals(title, cells, sides));
  }

  /** The section; {@code chartFile} null for none ({@code compare} of one run draws none). */
  public static void render(VersionComparison comparison, String chartFile, MarkdownPage page) {
    String warning = comparison.tooSmallToDecide();
    page.heading(2, "Versions compared")
        .block(
            "Seconds, median over repetitions, all tables summed; each version against PostgreSQL "
                + Markdown.text(comparison.base())
                + (comparison.starts().several()
                    ? " (the base): the ratio over server starts (each start's rounds paired and"
                        + " averaged), verdict and its p-value by Student's t over the starts (see"
                        + " Server starts)."
                    : comparison.paired()
                        ? " (the base): the median of the per-round ratios, verdict and its"
                            + " p-value, rounds paired (see the notes)."
                        : " (the base): ratio of medians, verdict and its p-value (see the notes).")
                + (warning.isEmpty() ? "" : " **" + warning + "**"));
    if (comparison.control() != null) {
      page.block(control(comparison));
    }
    page.table(totals(comparison));
    if (chartFile != null) {
      page.image("versions compared", chartFile);
    }
    page.heading(3, "Versions compared, step by step").table(table(comparison, comparison.steps()));
  }

  /** The totals table: a row per cell, a column per version. */
  static Table totals(VersionComparison comparison) {
    return table(comparison, comparison.totals(), false);
  }

  /**
   * What the control says of the run: its verdict and ratio against the base, and the smallest
   * difference the run could detect; when it differs from its twin, that no verdict is trusted.
   */
  static String control(VersionComparison comparison) {
    VersionComparison.Control control = comparison.control();
    Comparison c = control.comparison();
    String detectable =
        Double.isNaN(control.detectable())
            ? ""
            : String.format(
                Locale.ROOT,
                " The smallest difference this run could detect: about %.1f%% (80%% power, from"
                    + " the control's spread).",
                100 * control.detectable());
    String measured =
        "PostgreSQL "
            + Markdown.text(control.label())
            + ", a second "
            + Markdown.text(comparison.base())
            + " with the same binaries and settings, against the base over every cell: "
            + Verdicts.ratio(c)
            + Verdicts.interval(c)
            + ", "
            + Verdicts.stated(c)
            + ".";
    if (control.drifting()) {
      return "**⚠ Machine drifting, verdicts not trusted:** "
          + measured
          + " Two identical servers differed, so this run's differences between servers may be"
          + " the machine's; run it again on a quieter machine."
          + detectable;
    }
    return "**Control:** " + measured + detectable;
  }

  /** The comparison table over the given rows, a row per cell and step. */
  static Table table(VersionComparison comparison, List<VersionComparison.Row> rows) {
    return table(comparison, rows, true);
  }

  /** A row per given row, a column per version; without {@code steps}, a row per cell. */
  private static Table table(
      VersionComparison comparison, List<VersionComparison.Row> rows, boolean steps) {
    List<String> header =
        new ArrayList<>(steps ? List.of("cell", "step") : List.of("cell (total)"));
    for (String version : comparison.versions()) {
      header.add(
          "PostgreSQL "
              + Markdown.text(version)
              + (version.equals(comparison.base()) ? " (base)" : ""));
    }
    Table table = Table.of(header.size() - comparison.versions().size(), header);
    String previous = null;
    for (VersionComparison.Row row : rows) {
      List<String> cells = new ArrayList<>();
      cells.add(steps && row.cell().equals(previous) ? "" : Markdown.text(row.cell()));
      previous = row.cell();
      if (steps) {
        cells.add(row.total() ? "**total**" : Markdown.text(row.step()));
      }
      comparison.versions().forEach(version -> cells.add(entry(comparison, row, version)));
      table.row(cells);
    }
    return table;
  }

  private static String entry(
      VersionComparison comparison, VersionComparison.Row row, String version) {
    Sample sample = row.samples().get(version);
    if (sample == null) {
      return "–";
    }
    String median = VersionSection.median(sample);
    if (sample.isEmpty()) {
      return median;
    }
    if (row.total()) {
      median = Markdown.bold(median) + Noise.trend(sample);
    }
    Comparison c = row.comparisons().get(version);
    if (c == null) {
      return median;
    }
    VersionComparison.Control control = comparison.control();
    boolean untrusted = control != null && control.drifting() && !version.equals(control.label());
    return median
        + " · "
        + Verdicts.ratio(c)
        + " "
        + Verdicts.stated(c)
        + (untrusted ? " · not trusted (machine drifting)" : "");
  }
}
