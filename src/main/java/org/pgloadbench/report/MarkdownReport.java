package org.pgloadbench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.pgloadbench.render.Charts;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.render.Noise;
import org.pgloadbench.results.ResultStore;
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

  private final StoredRun results;
  private final RunSetup setup;
  private final VersionComparison comparison;
  private final StringBuilder out = new StringBuilder();

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
    if (WhereTimeGoesSection.applies(results)) {
      Charts.write(ResourcesChart.chart(results), reportDir, WhereTimeGoesSection.CHART);
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
    if (!results.versions().isEmpty()) {
      out.append(new AnswerSection(results).render("##", Integer.MAX_VALUE, false));
    }
    FindingsSection.render(results.manifest().scenario(), out);
    if (comparison != null) {
      ComparisonSection.render(comparison, ComparisonSection.CHART + ".png", out);
    }
    out.append(
            "Seconds: median over repetitions (min–max); `n=2/3`: median of the 2 of 3 repetitions")
        .append(" that succeeded. `sum` and `total` are medians of per-repetition sums. ")
        .append(Noise.FLAG)
        .append(": noisy, see the notes.\n\n");
    out.append(DataShapeSection.render(results.manifest()));
    if (InstructionCounts.applies(results)) {
      out.append(
          InstructionCounts.of(results, comparison == null ? null : comparison.base())
              .markdown("##"));
    }
    VersionSection versions = new VersionSection(results, setup, out);
    results.versions().forEach(versions::render);
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
    if (WhereTimeGoesSection.applies(results)) {
      WhereTimeGoesSection.render(results, out);
    }
    if (StandbySection.applies(results)) {
      StandbySection.render(results, out);
    }
    if (!results.versions().isEmpty()) {
      out.append("## Steps per cell\n\n![steps per cell](").append(CHART).append(")\n\n");
      StatisticsSection.render(results, out);
    }
    FailuresSection.render(results, out);
    if (!results.versions().isEmpty()) {
      NotesSection.render(
          comparison == null ? "" : comparison.tooSmallToDecide(),
          results.manifest().paired(),
          versions.trended(),
          results.manifest().rounds(),
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
}
