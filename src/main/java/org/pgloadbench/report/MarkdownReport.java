package org.pgloadbench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.pgloadbench.analysis.ClaimCheck;
import org.pgloadbench.render.Charts;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.render.MarkdownPage;
import org.pgloadbench.render.Noise;
import org.pgloadbench.render.Section;
import org.pgloadbench.results.ResultStore;
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

  private static final List<Section<ReportedRun>> SECTIONS =
      List.of(
          MarkdownReport::head,
          AnswerSection.REPORT,
          DiskSweepSection.SECTION,
          new MissesSection(),
          Section.when(
              run -> !run.results().manifest().scenario().findings().isEmpty(),
              MarkdownReport::findings),
          ComparisonSection.SECTION,
          new StartsSection(),
          MarkdownReport::legend,
          new DataShapeSection(),
          InstructionCounts.SECTION,
          new VersionSection(),
          new IndexBuildsByVersion(),
          new PgbenchSection(),
          RunOrderChart.SECTION,
          WhereTimeGoesSection.SECTION,
          new StandbySection(),
          StepsChart.SECTION,
          new StatisticsSection(),
          Section.when(
              run -> !run.results().failures().isEmpty(),
              (run, page) ->
                  page.heading(2, "Failures")
                      .bullets(
                          run.results().failures().stream().map(MarkdownReport::failure).toList())),
          new NotesSection(),
          MarkdownReport::footer);

  private static final int MAX_ERROR = 200;

  private MarkdownReport() {}

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
    ReportedRun run =
        new ReportedRun(
            results, results.versions().size() > 1 ? VersionComparison.of(results, base) : null);
    Files.createDirectories(reportDir);
    Charts.write(SECTIONS, run, reportDir);
    Path file = reportDir.resolve(REPORT);
    String markdown = MarkdownPage.report().sections(SECTIONS, run).toString();
    Files.writeString(file, markdown, StandardCharsets.UTF_8);
    Files.writeString(
        reportDir.resolve(CommentReport.FILE), CommentReport.render(run), StandardCharsets.UTF_8);
    Files.writeString(
        reportDir.resolve(HtmlReport.FILE),
        HtmlReport.render(markdown, results.scenarioName(), reportDir),
        StandardCharsets.UTF_8);
    return file;
  }

  /**
   * Claim checks as a report shows them, each claim once with the table of its checks (no heading,
   * no "stopped" column): {@code make reproduce}'s combined report, from its runs' checks.
   */
  public static String claims(List<ClaimCheck> checks) {
    MarkdownPage page = MarkdownPage.report();
    ClaimsSection.body(checks, StopReasons.NONE, Integer.MAX_VALUE, page);
    return page.toString();
  }

  /** How those checks are decided, as the notes under a claims table say it. */
  public static String claimsNotes(List<ClaimCheck> checks) {
    return ClaimsSection.notes(checks, checks.stream().anyMatch(c -> c.test().paired()), false);
  }

  /** The title, the scenario's description and how the run was set up. */
  private static void head(ReportedRun run, MarkdownPage page) {
    page.heading(1, Markdown.text(run.results().scenarioName()))
        .block(run.setup().description())
        .block(run.setup().line(run.results().versions()));
  }

  /**
   * The scenario's own findings ({@code findings:}): what earlier runs of this harness found, kept
   * apart from the claims, which test a source or an expectation stated before any run. A finding
   * is the scenario's text, not this run's measurement, and the heading says so.
   */
  private static void findings(ReportedRun run, MarkdownPage page) {
    page.heading(2, "Findings of earlier runs")
        .block(
            "What this harness found before, as the scenario states it; not checked as a claim."
                + " This run's own figures, where it ran what a finding compares, are in the"
                + " tables below.")
        .bullets(
            run.results().manifest().scenario().findings().stream().map(Markdown::text).toList());
  }

  /** A failed step, with the server's error. */
  private static String failure(StepResult f) {
    String where = "PostgreSQL " + Markdown.text(f.server()) + " · ";
    if (f.repetition() < 1) {
      return where + Markdown.text(f.step().yamlName()) + ": " + Markdown.code(error(f.error()));
    }
    return where
        + Markdown.text(f.cell())
        + " · repetition "
        + f.repetition()
        + " · "
        + VersionSection.table(f.table())
        + " · "
        + Markdown.text(f.step().yamlName())
        + (f.object() == null ? "" : " " + Markdown.text(f.object()))
        + ": "
        + Markdown.code(error(f.error()));
  }

  /** An error on one line (a server's spans several: DETAIL, HINT), cut short. */
  private static String error(String error) {
    String text = error == null ? "(no error message)" : error.strip().replaceAll("\\s+", " ");
    return text.length() <= MAX_ERROR ? text : text.substring(0, MAX_ERROR - 1) + "…";
  }

  private static void legend(ReportedRun run, MarkdownPage page) {
    page.block(
        "Seconds: median over repetitions (min–max); `n=2/3`: median of the 2 of 3 repetitions"
            + " that succeeded. `sum` and `total` are medians of per-repetition sums. "
            + Noise.FLAG
            + ": noisy, see the notes.");
  }

  private static void footer(ReportedRun run, MarkdownPage page) {
    page.block("---")
        .block(
            "<sub>pgloadbench report from "
                + Markdown.text(run.results().source())
                + '.'
                + (run.setup().osmData() ? " Data model: osm2pgsql middle tables." : "")
                + "</sub>");
  }
}
