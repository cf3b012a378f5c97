package org.pgloadbench.report;

import java.util.ArrayList;
import java.util.List;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.render.Formats;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.render.MarkdownPage;
import org.pgloadbench.render.Noise;
import org.pgloadbench.render.Section;
import org.pgloadbench.render.Table;
import org.pgloadbench.results.Measurements;
import org.pgloadbench.results.Sample;
import org.pgloadbench.results.StoredRun;

/**
 * A version's part of the report: how its servers were set up and what could not be measured there,
 * the timings of every cell and step per table, what the load left behind ({@link StorageSection}),
 * and each index built after the load.
 */
final class VersionSection implements Section<ReportedRun> {
  @Override
  public void render(ReportedRun run, MarkdownPage page) {
    for (String version : run.results().versions()) {
      render(run, version, page);
    }
  }

  private static void render(ReportedRun run, String version, MarkdownPage page) {
    StoredRun results = run.results();
    page.heading(2, "PostgreSQL " + Markdown.text(version));
    page.block(run.setup().server(version));
    List<String> missing = run.setup().missing(version);
    if (!missing.isEmpty()) {
      page.block("Not measured on this server:").bullets(missing);
    }
    page.table(timings(results, version));
    StorageSection.render(results, version, page);
    if (results.hasStep(version, StepKind.INDEXES)) {
      page.block(
              "**Index builds after the load**, one at a time; size after the build. Cells that"
                  + " create the indexes with the table pay for them in the copy.")
          .table(indexBuilds(results, version));
    }
  }

  /**
   * Whether a total of the timings is flagged for a trend over the run (the notes then explain the
   * flag).
   */
  static boolean trended(StoredRun results) {
    return RunCell.of(results).stream()
        .flatMap(c -> totals(c).stream())
        .anyMatch(total -> !trend(total).isEmpty());
  }

  /** A cell's totals, every step summed: per table and, for several, over all of them. */
  private static List<Sample> totals(RunCell c) {
    List<Sample> totals = new ArrayList<>();
    c.tables().forEach(table -> totals.add(c.table(table).seconds(c.steps())));
    if (c.tables().size() > 1) {
      totals.add(c.seconds(c.steps()));
    }
    return totals;
  }

  /**
   * A row per (cell, step) and a total per cell; a column per table and, for several, their sum.
   */
  private static Table timings(StoredRun results, String version) {
    List<String> tables = results.tables(version);
    boolean sum = tables.size() > 1;
    List<String> header = new ArrayList<>(List.of("cell", "step"));
    tables.forEach(t -> header.add(table(t)));
    header.add(sum ? "sum" : null);
    Table shown = Table.of(2, header);
    for (RunCell c : RunCell.of(results, version)) {
      String label = Markdown.text(c.cell());
      for (StepKind step : c.steps()) {
        List<String> row = new ArrayList<>(List.of(label, step.yamlName()));
        tables.forEach(table -> row.add(seconds(c.table(table).seconds(List.of(step)))));
        row.add(sum ? seconds(c.seconds(List.of(step))) : null);
        shown.row(row);
        label = "";
      }
      List<String> total = new ArrayList<>(List.of(label, "**total**"));
      totals(c).forEach(t -> total.add(total(t)));
      shown.row(total);
    }
    return shown;
  }

  /** Each index built after the load, timed on its own, with its size. */
  private static Table indexBuilds(StoredRun results, String version) {
    Table shown = Table.of(3, List.of("cell", "table", "index", "build (s)", "size (MB)"));
    String previous = null;
    for (IndexBuildsByVersion.Row build : IndexBuildsByVersion.Row.of(results, version)) {
      Sample size = build.sample(results, version, Measurements::objectBytes);
      shown.row(
          build.cell().equals(previous) ? "" : Markdown.text(build.cell()),
          table(build.table()),
          Markdown.text(build.index()),
          seconds(build.sample(results, version, Measurements::seconds)),
          size.isEmpty() ? "–" : Formats.megabytes(size.summary().median()));
      previous = build.cell();
    }
    return shown;
  }

  static String seconds(Sample sample) {
    if (sample.isEmpty()) {
      return none(sample);
    }
    String text = Formats.stats(sample.summary());
    if (sample.partial()) {
      text = text + " n=" + sample.values().size() + "/" + sample.repetitions();
    }
    return text + Noise.flag(sample.summary());
  }

  /** What shows in place of a sample without a value: "failed" where a part failed, else a dash. */
  static String none(Sample sample) {
    return sample.failed() ? "failed" : "–";
  }

  /** The median alone, flagged when noisy; {@link #none} without one. */
  static String median(Sample sample) {
    return sample.isEmpty()
        ? none(sample)
        : Formats.significant(sample.median()) + Noise.flag(sample.summary());
  }

  /** A total: bold, flagged when its repetitions trend over the run. */
  private static String total(Sample sample) {
    return Markdown.bold(seconds(sample)) + trend(sample);
  }

  private static String trend(Sample sample) {
    return sample.isEmpty() ? "" : Noise.trend(sample);
  }

  /** A table's name as a cell or heading shows it. */
  static String table(String name) {
    return Markdown.text(Formats.table(name));
  }
}
