package org.pgloadbench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SmallRunReportTest {
  @TempDir Path root;

  @Test
  void oneRepetitionShowsPlainValuesAndToleratesSparseRunJson() throws IOException {
    String runJson = "{\"scenario\": {\"name\": \"tiny\", \"dataset\": {\"kind\": \"generic\"}}}";
    try (RunFixture run = RunFixture.create(root, runJson)) {
      run.ok("17.6", "text+no-freeze+pk-first", 1, "items", "copy", 1.5, 10L, 8192L, 8192L, 1L, 0L);
    }
    String markdown =
        Files.readString(
            MarkdownReport.write(RunFixture.runDir(root), root.resolve("report"), null));

    assertThat(markdown).startsWith("# tiny\n\n");
    MarkdownTable timings = MarkdownTable.after(markdown, "## PostgreSQL 17.6", 0);
    assertThat(timings.get("text+no-freeze+pk-first", "copy", "items")).isEqualTo("1.50");
    assertThat(timings.get("text+no-freeze+pk-first", "**total**", "items")).isEqualTo("**1.50**");
    assertThat(markdown).as("no sum column for a single table").doesNotContain("| sum |");
    MarkdownTable storage = MarkdownTable.after(markdown, "## PostgreSQL 17.6", 1);
    assertThat(storage.get("text+no-freeze+pk-first", "items", "heap (MB)")).isEqualTo("0.00781");
    assertThat(markdown)
        .doesNotContain("Failures")
        .doesNotContain("after vacuum")
        .doesNotContain("osm2pgsql middle tables");
  }

  @Test
  void aServerThatNeverStartedStillGetsAReportListingWhy() throws IOException {
    try (RunFixture run = RunFixture.create(root, "{}")) {
      run.failed("17", "-", 0, "-", "server", 0, "PostgreSQL 17.6.0 did not start: FATAL: bad");
    }
    Path report = MarkdownReport.write(RunFixture.runDir(root), root.resolve("report"), null);

    assertThat(Files.readString(report))
        .contains(
            "## Failures\n\n"
                + "- PostgreSQL 17 · server: `PostgreSQL 17.6.0 did not start: FATAL: bad`")
        .doesNotContain("## PostgreSQL")
        .doesNotContain("steps.png");
    assertThat(report.resolveSibling("steps.png")).doesNotExist();
  }

  @Test
  void runWithoutStepsIsAnErrorNamingTheFile() throws IOException {
    RunFixture.create(root, "{}").close();
    assertThatThrownBy(
            () -> MarkdownReport.write(RunFixture.runDir(root), root.resolve("report"), null))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("no measured steps in")
        .hasMessageEndingWith("steps.jsonl");
  }
}
