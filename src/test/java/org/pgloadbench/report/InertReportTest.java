package org.pgloadbench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.pgloadbench.report.HostileRun.BIN_DIR;
import static org.pgloadbench.report.HostileRun.CELL;
import static org.pgloadbench.report.HostileRun.CELL2;
import static org.pgloadbench.report.HostileRun.CLAIM;
import static org.pgloadbench.report.HostileRun.CPU;
import static org.pgloadbench.report.HostileRun.DESCRIPTION;
import static org.pgloadbench.report.HostileRun.ERROR;
import static org.pgloadbench.report.HostileRun.FILE;
import static org.pgloadbench.report.HostileRun.HOST;
import static org.pgloadbench.report.HostileRun.IMAGE;
import static org.pgloadbench.report.HostileRun.INDEX;
import static org.pgloadbench.report.HostileRun.MISSING;
import static org.pgloadbench.report.HostileRun.OS;
import static org.pgloadbench.report.HostileRun.PROFILE;
import static org.pgloadbench.report.HostileRun.REVISION;
import static org.pgloadbench.report.HostileRun.RUN_DIR;
import static org.pgloadbench.report.HostileRun.SCENARIO;
import static org.pgloadbench.report.HostileRun.SCENARIO_DIR;
import static org.pgloadbench.report.HostileRun.SEED;
import static org.pgloadbench.report.HostileRun.SERVER_VERSION;
import static org.pgloadbench.report.HostileRun.SETTING;
import static org.pgloadbench.report.HostileRun.SOURCE;
import static org.pgloadbench.report.HostileRun.STEP;
import static org.pgloadbench.report.HostileRun.TABLE;
import static org.pgloadbench.report.HostileRun.V2;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every sink of report.md, comment.md, report.html and scaling.md, fed a stored run whose every
 * string is hostile ({@link HostileRun}): each string is shown as the text it is, and none makes
 * HTML, a link, a broken table or a broken Mermaid chart.
 */
class InertReportTest {
  @TempDir static Path root;
  static Path reportDir;
  static String report;
  static String comment;
  static String html;

  @BeforeAll
  static void writeReports() throws IOException {
    reportDir = root.resolve("reports");
    MarkdownReport.write(HostileRun.write(root), reportDir, null);
    report = Files.readString(reportDir.resolve(MarkdownReport.REPORT));
    comment = Files.readString(reportDir.resolve(CommentReport.FILE));
    html = Files.readString(reportDir.resolve(HtmlReport.FILE));
  }

  @Test
  void reportHtmlRunsNothingAndShowsEveryStringAsText() {
    Inert.assertHtml(html);
    Document page = Jsoup.parse(html);
    assertThat(page.title()).isEqualTo(SCENARIO);
    // both charts inline still
    assertThat(page.select("figure > svg")).hasSize(2);
    String shown = page.body().text();
    for (String sink : reportSinks()) {
      assertThat(shown).contains(sink);
    }
  }

  @Test
  void reportMarkdownHasNoHtmlNoLinkAndWholeTables() {
    Inert.assertMarkdown(report);
    String shown = Inert.shown(report);
    for (String sink : reportSinks()) {
      assertThat(shown).contains(sink);
    }
  }

  @Test
  void commentHasNoHtmlWholeTablesAndAWholeMermaidChart() {
    Inert.assertMarkdown(comment);
    Inert.assertMermaid(comment);
    String shown = Inert.shown(comment);
    assertThat(shown)
        .contains("pgloadbench: " + SCENARIO)
        .contains("Setup: rows: " + TABLE + " 1,000 · data: " + FILE)
        .contains(norm(CPU) + " × 2")
        .contains("Versions compared (base PostgreSQL 16.9)")
        .contains("The answer")
        .contains("Fastest: none can be told apart. " + norm(CELL2) + " has the lowest median")
        .contains(norm(CLAIM))
        .contains("reports/" + SCENARIO_DIR + "/" + RUN_DIR + "/report.md");
    assertThat(comment)
        .contains("    title \"n" + "scriptalert('name')/script|: total seconds (median)\"")
        .contains("\"16.9 text|bbold/b\"")
        .contains("\"17.6scriptalert('version')/script c2x  h\"");
  }

  @Test
  void scalingReportToo() throws IOException {
    String scaling =
        Files.readString(
            ScalingReport.write(List.of(HostileRun.dir(root)), root.resolve("scale"), Map.of()));
    Inert.assertMarkdown(scaling);
    assertThat(Inert.shown(scaling))
        .contains("Time against rows: " + SCENARIO + " on PostgreSQL 16.9")
        .contains(root.resolve("results").resolve(SCENARIO_DIR).resolve(RUN_DIR).toString())
        .contains(CELL)
        .contains(norm(CELL2));
  }

  /** What a reader sees of each sink of report.md, the run's strings in it as they are. */
  private static List<String> reportSinks() {
    return List.of(
        SCENARIO,
        norm(DESCRIPTION),
        "Setup: rows: " + TABLE + " 1,000 · data: " + FILE,
        "repetitions: 3",
        "PostgreSQL 16.9, " + V2 + " (local<b>)",
        norm(CPU) + " × 2",
        OS,
        "Java 17`, harness " + REVISION + " · run r|<script>alert('id')</script>",
        "Versions compared",
        "each version against PostgreSQL 16.9 (the base)",
        "PostgreSQL " + V2,
        "Server (" + PROFILE + "): local<b>, PostgreSQL " + SERVER_VERSION + " from " + BIN_DIR,
        "image " + IMAGE + ", server " + HOST,
        "settings work_mem=" + SETTING + ", x|y=a b",
        MISSING,
        CELL + " create",
        norm(CELL2) + " create",
        TABLE,
        INDEX,
        V2 + " build (s)",
        "PostgreSQL " + V2 + ", " + norm(CELL2) + ":",
        V2 + " " + CELL + " " + TABLE + " " + STEP,
        norm(CLAIM) + " (" + SOURCE + ")",
        norm(SEED) + " (0.70, ±10%)",
        "PostgreSQL "
            + V2
            + " · "
            + CELL
            + " · repetition 2 · "
            + TABLE
            + " · vacuum: "
            + norm(ERROR),
        "PostgreSQL " + V2 + " · server: " + norm(ERROR),
        "pgloadbench report from results/" + SCENARIO_DIR + "/" + RUN_DIR + ".",
        "Data shape " + FILE + " synthetic generator");
  }

  /** A string as a browser shows it: every run of whitespace one space. */
  static String norm(String text) {
    return text.replaceAll("\\s+", " ").strip();
  }
}
