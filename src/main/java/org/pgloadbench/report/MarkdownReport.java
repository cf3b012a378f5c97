package org.pgloadbench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.render.Charts;
import org.pgloadbench.render.Formats;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.render.Noise;
import org.pgloadbench.render.Table;
import org.pgloadbench.results.Measurements;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.Sample;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.results.StoredRun;

/**
 * The report of a run, built only from its stored results: a Markdown file with the versions
 * compared first, timing tables shaped like osm2pgsql issue #2110's, charts, the statistics of
 * every figure and how to read them. Beside it go {@code comment.md} (the summary for an issue
 * comment) and {@code report.html} (the same report, charts inline).
 */
public final class MarkdownReport {
  public static final String REPORT = "report.md";
  public static final String CHART = "steps.png";
  static final String STEPS_CHART = "steps";

  private static final int MAX_ERROR = 200;

  private final StoredRun results;
  private final RunSetup setup;
  private final VersionComparison comparison;
  private final StringBuilder out = new StringBuilder();

  /** Whether a total of the report is flagged for a trend (the notes then explain the flag). */
  private boolean trended;

  private MarkdownReport(StoredRun results, String base) {
    this.results = results;
    this.setup = new RunSetup(results.manifest());
    this.comparison = results.versions().size() > 1 ? VersionComparison.of(results, base) : null;
  }

  public static Path write(Path runDir, Path reportDir) throws IOException {
    return write(runDir, reportDir, null);
  }

  /**
   * Writes {@code report.md}, its charts (PNG and SVG), {@code comment.md} and {@code report.html}
   * into {@code reportDir}; returns the report.
   *
   * @param base the version the others are compared with ({@code BASE_PG}); null for the oldest
   * @throws IOException also when the run stored no step at all: there is nothing to report
   * @throws IllegalArgumentException when {@code base} is not a version of the run
   */
  public static Path write(Path runDir, Path reportDir, String base) throws IOException {
    StoredRun results = StoredRun.load(runDir);
    if (results.versions().isEmpty() && results.failures().isEmpty()) {
      throw new IOException("no measured steps in " + runDir.resolve(ResultStore.STEPS));
    }
    MarkdownReport report = new MarkdownReport(results, base);
    Files.createDirectories(reportDir);
    if (!results.versions().isEmpty()) {
      Charts.write(StepsChart.chart(results), reportDir, STEPS_CHART);
    }
    if (results.manifest().paired() && !results.versions().isEmpty()) {
      Charts.write(RunOrderChart.chart(results), reportDir, RunOrderChart.CHART);
    }
    if (report.comparison != null) {
      Charts.write(
          ComparisonChart.chart(
              report.comparison, "Total seconds per cell: " + results.scenarioName()),
          reportDir,
          ComparisonSection.CHART);
    }
    Path file = reportDir.resolve(REPORT);
    String markdown = report.render();
    Files.writeString(file, markdown, StandardCharsets.UTF_8);
    Files.writeString(
        reportDir.resolve(CommentReport.FILE),
        CommentReport.render(results, report.comparison),
        StandardCharsets.UTF_8);
    HtmlReport.write(markdown, results.scenarioName(), reportDir);
    return file;
  }

  /** The Markdown text of a run's report, versions compared with the oldest. */
  public static String render(StoredRun results) {
    return new MarkdownReport(results, null).render();
  }

  private String render() {
    out.append("# ").append(Markdown.text(results.scenarioName())).append("\n\n");
    if (!setup.description().isEmpty()) {
      out.append(setup.description()).append("\n\n");
    }
    out.append(setup.line(results.versions())).append("\n\n");
    if (comparison != null) {
      ComparisonSection.render(comparison, ComparisonSection.CHART + ".png", out);
    }
    out.append(
            "Seconds: median over repetitions (min–max); `n=2/3`: median of the 2 of 3 repetitions")
        .append(" that succeeded. `sum` and `total` are medians of per-repetition sums. ")
        .append(Noise.FLAG)
        .append(": noisy, see the notes.\n\n");
    out.append(DataShapeSection.render(results.manifest()));
    for (String version : results.versions()) {
      versionSection(version);
    }
    if (IndexBuildsByVersion.applies(results)) {
      out.append(IndexBuildsByVersion.render(results));
    }
    if (PgbenchSection.applies(results)) {
      out.append(PgbenchSection.render(results));
    }
    if (results.manifest().paired()) {
      out.append("## Every load in run order\n\n")
          .append("Each server's loads as they ran, round after round: a slope is drift, of the")
          .append(" machine (all servers alike) or of what one server accumulates.\n\n")
          .append("![every load in run order](")
          .append(RunOrderChart.CHART)
          .append(".png)\n\n");
    }
    if (!results.versions().isEmpty()) {
      out.append("## Steps per cell\n\n![steps per cell](").append(CHART).append(")\n\n");
      StatisticsSection.render(results, out);
    }
    out.append(ClaimsSection.render(results));
    failures();
    if (!results.versions().isEmpty()) {
      NotesSection.render(
          comparison == null ? "" : comparison.tooSmallToDecide(),
          results.manifest().paired(),
          trended,
          out);
    }
    out.append("---\n\n<sub>pgloadbench report from ")
        .append(Markdown.text(results.source()))
        .append('.');
    if (setup.osmData()) {
      out.append(" Data model: osm2pgsql middle tables.");
    }
    return out.append("</sub>\n").toString();
  }

  private void versionSection(String version) {
    out.append("## PostgreSQL ").append(Markdown.text(version)).append("\n\n");
    String server = setup.server(version);
    if (!server.isEmpty()) {
      out.append(server).append("\n\n");
    }
    List<String> missing = setup.missing(version);
    if (!missing.isEmpty()) {
      out.append("Not measured on this server:\n\n");
      missing.forEach(m -> out.append("- ").append(m).append('\n'));
      out.append('\n');
    }
    timings(version);
    if (results.hasStep(version, StepKind.COPY)) {
      storage(version);
    }
    if (results.hasStep(version, StepKind.SET_LOGGED)) {
      unloggedHalves(version);
    }
    if (results.hasStep(version, StepKind.INDEXES)) {
      indexBuilds(version);
    }
  }

  /** An unlogged StepKind.COPY saves WAL that SET LOGGED then writes: both halves side by side. */
  private void unloggedHalves(String version) {
    out.append(
            "**UNLOGGED, then SET LOGGED:** the COPY into an unlogged table writes next to" + " no")
        .append(" WAL; SET LOGGED then writes the whole table to it. Compare copy + set_logged")
        .append(" with the copy of the logged cells.\n\n");
    Table shown =
        Table.of(
            2,
            List.of(
                "cell",
                "table",
                "copy (s)",
                "set_logged (s)",
                "copy + set_logged (s)",
                "WAL by copy (MB)",
                "WAL by set_logged (MB)",
                "all-frozen after set_logged"));
    List<StepKind> both = List.of(StepKind.COPY, StepKind.SET_LOGGED);
    for (String cell : results.cells(version)) {
      String label = Markdown.text(cell);
      for (String table : results.tables(version)) {
        List<String> row = new ArrayList<>(List.of(label, table(table)));
        row.add(seconds(results.seconds(version, cell, List.of(table), List.of(StepKind.COPY))));
        row.add(
            seconds(results.seconds(version, cell, List.of(table), List.of(StepKind.SET_LOGGED))));
        row.add(seconds(results.seconds(version, cell, List.of(table), both)));
        row.add(
            median(
                version, cell, table, StepKind.COPY, Measurements::walBytes, Formats::megabytes));
        row.add(
            median(
                version,
                cell,
                table,
                StepKind.SET_LOGGED,
                Measurements::walBytes,
                Formats::megabytes));
        // SET LOGGED rewrites the table: does what FREEZE marked all-frozen stay so?
        row.add(
            median(
                version,
                cell,
                table,
                StepKind.SET_LOGGED,
                MarkdownReport::frozen,
                Formats::percent));
        shown.row(row);
        label = "";
      }
    }
    shown.appendTo(out);
    out.append('\n');
  }

  /** Each index built after the load, timed on its own, with its size. */
  private void indexBuilds(String version) {
    out.append("**Index builds after the load**, one at a time; size after the build. Cells that")
        .append(" create the indexes with the table pay for them in the copy.\n\n");
    Table shown = Table.of(3, List.of("cell", "table", "index", "build (s)", "size (MB)"));
    for (String cell : results.cells(version)) {
      String label = Markdown.text(cell);
      for (String table : results.tables(version)) {
        for (String index : results.objects(version, cell, table, StepKind.INDEXES)) {
          List<String> row = new ArrayList<>(List.of(label, table(table), Markdown.text(index)));
          row.add(
              seconds(
                  results.objectSample(
                      version, cell, table, StepKind.INDEXES, index, Measurements::seconds)));
          Sample size =
              results.objectSample(
                  version, cell, table, StepKind.INDEXES, index, Measurements::objectBytes);
          row.add(size.isEmpty() ? "–" : Formats.megabytes(size.summary().median()));
          shown.row(row);
          label = "";
        }
      }
    }
    shown.appendTo(out);
    out.append('\n');
  }

  /**
   * A row per (cell, step) and a total per cell; a column per table and, for several, their sum.
   */
  private void timings(String version) {
    List<String> tables = results.tables(version);
    boolean sum = tables.size() > 1;
    List<String> header = new ArrayList<>(List.of("cell", "step"));
    tables.forEach(t -> header.add(table(t)));
    if (sum) {
      header.add("sum");
    }
    Table shown = Table.of(2, header);
    for (String cell : results.cells(version)) {
      List<StepKind> steps = results.steps(version, cell);
      String label = Markdown.text(cell);
      for (StepKind step : steps) {
        List<String> row = new ArrayList<>(List.of(label, step.yamlName()));
        for (String table : tables) {
          row.add(seconds(results.seconds(version, cell, List.of(table), List.of(step))));
        }
        if (sum) {
          row.add(seconds(results.seconds(version, cell, tables, List.of(step))));
        }
        shown.row(row);
        label = "";
      }
      List<String> total = new ArrayList<>(List.of(label, "**total**"));
      for (String table : tables) {
        total.add(total(results.seconds(version, cell, List.of(table), steps)));
      }
      if (sum) {
        total.add(total(results.seconds(version, cell, tables, steps)));
      }
      shown.row(total);
    }
    shown.appendTo(out);
    out.append('\n');
  }

  /**
   * What the copy left behind: StepKind.COPY FREEZE shows as all-frozen, and StepKind.VACUUM then
   * has no work.
   */
  private void storage(String version) {
    boolean vacuum = results.hasStep(version, StepKind.VACUUM);
    List<String> header =
        new ArrayList<>(
            List.of("cell", "table", "rows", "copy (s)", "client CPU (s)", "WAL by copy (MB)"));
    header.addAll(List.of("heap (MB)", "all-frozen after copy"));
    if (vacuum) {
      header.add("after vacuum");
    }
    Table shown = Table.of(2, header);
    for (String cell : results.cells(version)) {
      String label = Markdown.text(cell);
      for (String table : results.tables(version)) {
        List<String> row = new ArrayList<>(List.of(label, table(table)));
        row.add(median(version, cell, table, StepKind.COPY, Measurements::rows, Formats::count));
        // the harness's own CPU beside the wall time: how much of the machine the client took
        row.add(
            median(
                version, cell, table, StepKind.COPY, Measurements::seconds, Formats::significant));
        row.add(
            median(
                version,
                cell,
                table,
                StepKind.COPY,
                Measurements::clientCpuSeconds,
                Formats::significant));
        row.add(
            median(
                version, cell, table, StepKind.COPY, Measurements::walBytes, Formats::megabytes));
        row.add(
            median(
                version, cell, table, StepKind.COPY, Measurements::tableBytes, Formats::megabytes));
        row.add(
            median(version, cell, table, StepKind.COPY, MarkdownReport::frozen, Formats::percent));
        if (vacuum) {
          row.add(
              median(
                  version, cell, table, StepKind.VACUUM, MarkdownReport::frozen, Formats::percent));
        }
        shown.row(row);
        label = "";
      }
    }
    shown.appendTo(out);
    out.append('\n');
  }

  private void failures() {
    List<StepResult> failed = results.failures();
    if (failed.isEmpty()) {
      return;
    }
    out.append("## Failures\n\n");
    for (StepResult f : failed) {
      out.append("- PostgreSQL ").append(Markdown.text(f.server())).append(" · ");
      if (f.repetition() < 1) {
        out.append(Markdown.text(f.step().yamlName()));
        out.append(": ").append(Markdown.code(error(f.error()))).append('\n');
        continue;
      }
      out.append(Markdown.text(f.cell()))
          .append(" · repetition ")
          .append(f.repetition())
          .append(" · ")
          .append(table(f.table()))
          .append(" · ")
          .append(Markdown.text(f.step().yamlName()))
          .append(f.object() == null ? "" : " " + Markdown.text(f.object()))
          .append(": ")
          .append(Markdown.code(error(f.error())))
          .append('\n');
    }
    out.append('\n');
  }

  private String median(
      String version,
      String cell,
      String table,
      StepKind step,
      Function<Measurements, ? extends Number> measure,
      Function<Double, String> format) {
    Sample sample = results.sample(version, cell, List.of(table), List.of(step), measure);
    if (sample.isEmpty()) {
      return sample.failed() ? "failed" : "–";
    }
    return format.apply(sample.summary().median());
  }

  private static Double frozen(Measurements m) {
    if (m.pages() == null || m.frozenPages() == null || m.pages() == 0) {
      return null;
    }
    return m.frozenPages() / (double) m.pages();
  }

  private static String seconds(Sample sample) {
    if (sample.isEmpty()) {
      return sample.failed() ? "failed" : "–";
    }
    String text = Formats.stats(sample.summary());
    if (sample.partial()) {
      text = text + " n=" + sample.values().size() + "/" + sample.repetitions();
    }
    return text + Noise.flag(sample.summary());
  }

  /** A total: bold, flagged when its repetitions trend over the run. */
  private String total(Sample sample) {
    String trend = sample.isEmpty() ? "" : Noise.trend(sample);
    trended |= !trend.isEmpty();
    return bold(seconds(sample)) + trend;
  }

  private static String bold(String text) {
    return Markdown.bold(text);
  }

  /** An error on one line (a server's spans several: DETAIL, HINT), cut short. */
  private static String error(String error) {
    String text = error == null ? "(no error message)" : error.strip().replaceAll("\\s+", " ");
    return text.length() <= MAX_ERROR ? text : text.substring(0, MAX_ERROR - 1) + "…";
  }

  /** A table's name as a cell or heading shows it. */
  private static String table(String name) {
    return Markdown.text(Formats.table(name));
  }
}
