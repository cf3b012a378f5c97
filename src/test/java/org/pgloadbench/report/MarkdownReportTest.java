package org.pgloadbench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.pgloadbench.report.RunFixture.BINARY;
import static org.pgloadbench.report.RunFixture.TEXT;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.render.Charts;

/** One report of the fixture run, written once (charts are the slow part), read by every test. */
class MarkdownReportTest {
  @TempDir static Path root;
  static Path reportDir;
  static Path report;
  static String markdown;

  @BeforeAll
  static void writeReport() throws IOException {
    Path runDir = RunFixture.standard(root);
    reportDir = root.resolve("reports").resolve(RunFixture.SCENARIO).resolve(RunFixture.RUN_ID);
    report = MarkdownReport.write(runDir, reportDir, null);
    markdown = Files.readString(report);
  }

  @Test
  void writesReportAndChartIntoReportDir() {
    assertThat(report).isEqualTo(reportDir.resolve("report.md"));
    assertThat(reportDir.resolve("steps.png")).isRegularFile();
    assertThat(markdown).contains("![steps per cell](steps.png)");
  }

  @Test
  void headerDescribesRunFromRunJson() {
    assertThat(markdown).startsWith("# ways-freeze\n\nWays and relations: COPY vs COPY FREEZE.\n");
    assertThat(markdown)
        .contains("**Setup:** rows: ways 1,000, rels 200 · repetitions: 3, warm-up: 1 · ")
        .contains("PostgreSQL 16.9, 16.10 (embedded)")
        .contains("AMD EPYC 7B13 × 2, 23.3 GiB, Debian GNU/Linux 12 (bookworm), Linux 6.1.0")
        .contains("Java 17.0.15, harness 50fa8f1")
        .contains("run 20261129-213000, 2026-11-29T21:30:00Z – 2026-11-29T21:32:10Z (2 min 10 s)")
        .contains("## PostgreSQL 16.9\n\nServer: embedded, settings `max_wal_size=1GB`\n");
  }

  @Test
  void versionsAreInNumericOrder() {
    // 16.10 was measured first and sorts first as text; 16.9 must still come first.
    assertThat(markdown.indexOf("## PostgreSQL 16.9\n"))
        .isPositive()
        .isLessThan(markdown.indexOf("## PostgreSQL 16.10\n"));
  }

  @Test
  void showsMedianWithMinMaxInItsRowAndColumn() {
    MarkdownTable timings = MarkdownTable.after(markdown, "## PostgreSQL 16.9", 0);
    assertThat(timings.get(TEXT, "copy", "ways")).isEqualTo("2.00 (1.00–9.00) ⚠");
    assertThat(timings.get(TEXT, "copy", "rels")).isEqualTo("2.00 (1.00–9.00) ⚠");
    assertThat(timings.get(BINARY, "copy", "ways")).isEqualTo("5.00 (4.00–6.00) ⚠");
    assertThat(timings.get(BINARY, "copy", "rels")).isEqualTo("1.20 (1.10–1.30)");
  }

  @Test
  void sumIsMedianOfPerRepetitionSums() {
    MarkdownTable timings = MarkdownTable.after(markdown, "## PostgreSQL 16.9", 0);
    // Sums per repetition are 10, 3 and 11; the sum of the medians would be 4.00.
    assertThat(timings.get(TEXT, "copy", "sum")).isEqualTo("10.0 (3.00–11.0) ⚠");
  }

  @Test
  void totalRowsSumStepsPerRepetition() {
    MarkdownTable timings = MarkdownTable.after(markdown, "## PostgreSQL 16.10", 0);
    // create 0.01 + copy 4..6 + primary key 0.5 + vacuum 0.002, per repetition
    assertThat(timings.get(BINARY, "**total**", "ways")).isEqualTo("**5.51 (4.51–6.51) ⚠**");
    // ways 4.71, 5.71, 6.71 plus rels 1.81, 1.91, 2.01
    assertThat(timings.get(TEXT, "**total**", "sum")).isEqualTo("**7.62 (6.52–8.72) ⚠**");
  }

  @Test
  void failedStepIsListedAndExcludedFromMedians() {
    assertThat(markdown)
        .contains("## Failures")
        .contains(
            "- PostgreSQL 16.9 · text+no-freeze+pk-first · repetition 2 · ways · primary_key: "
                + "`ERROR: could not create unique index \"planet_osm_ways_pkey\" DETAIL: Key"
                + " (id)=(42) is duplicated.`");
    MarkdownTable timings = MarkdownTable.after(markdown, "## PostgreSQL 16.9", 0);
    // Repetitions 1 and 3 took 0.5 and 0.9; the failed 0.05 must not pull the median down.
    assertThat(timings.get(TEXT, "primary_key", "ways")).isEqualTo("0.700 (0.500–0.900) n=2/3 ⚠");
    assertThat(timings.get(TEXT, "primary_key", "rels")).isEqualTo("0.500 (0.500–0.500)");
    assertThat(timings.get(TEXT, "primary_key", "sum")).isEqualTo("1.20 (1.00–1.40) n=2/3 ⚠");
    assertThat(timings.get(TEXT, "**total**", "sum")).isEqualTo("**12.1 (11.4–12.8) n=2/3**");
  }

  @Test
  void stepFailedInEveryRepetitionShowsFailed() {
    MarkdownTable timings = MarkdownTable.after(markdown, "## PostgreSQL 16.10", 0);
    assertThat(timings.get(BINARY, "vacuum", "rels")).isEqualTo("failed");
    assertThat(timings.get(BINARY, "vacuum", "sum")).isEqualTo("failed");
    assertThat(timings.get(BINARY, "vacuum", "ways")).isEqualTo("0.00200 (0.00200–0.00200)");
    assertThat(markdown)
        .contains("- PostgreSQL 16.10 · binary+freeze+pk-later · repetition 3 · rels · vacuum:");
  }

  @Test
  void storageTableShowsCopyEffects() {
    MarkdownTable storage = MarkdownTable.after(markdown, "## PostgreSQL 16.10", 1);
    assertThat(storage.get(TEXT, "ways", "rows")).isEqualTo("1,000");
    assertThat(storage.get(TEXT, "rels", "rows")).isEqualTo("200");
    assertThat(storage.get(TEXT, "ways", "WAL by copy (MB)")).isEqualTo("1.56");
    assertThat(storage.get(TEXT, "ways", "heap (MB)")).isEqualTo("0.781");
    assertThat(storage.get(TEXT, "ways", "all-frozen after copy")).isEqualTo("0%");
    assertThat(storage.get(TEXT, "ways", "after vacuum")).isEqualTo("100%");
    assertThat(storage.get(BINARY, "ways", "all-frozen after copy")).isEqualTo("100%");
    assertThat(storage.get(BINARY, "rels", "after vacuum")).isEqualTo("failed");
  }

  @Test
  void footerNamesSourceAndCreditsOsm2pgsql() {
    assertThat(markdown)
        .contains("pgloadbench report from results/ways-freeze/20261129-213000.")
        .contains("Data model: osm2pgsql middle tables.");
  }

  @Test
  void chartIsADecodablePngOfTheExpectedWidth() throws IOException {
    BufferedImage image = ImageIO.read(reportDir.resolve("steps.png").toFile());
    assertThat(image).isNotNull();
    assertThat(image.getWidth()).isEqualTo(Charts.WIDTH).isEqualTo(1200);
    assertThat(image.getHeight()).isGreaterThan(400);
  }
}
