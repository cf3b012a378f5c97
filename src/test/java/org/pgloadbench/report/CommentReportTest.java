package org.pgloadbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.results.StoredRun;

class CommentReportTest {
  /** GitHub refuses a comment body longer than this. */
  private static final int GITHUB_LIMIT = 65_536;

  @TempDir Path root;

  /** 3 versions x 75 cells x 6 steps: the full comparison table alone would pass the limit. */
  @Test
  void aLargeMatrixIsSummarisedUnderGitHubsLimit() throws IOException {
    String[] steps = {"create", "copy", "primary_key", "vacuum", "analyze", "checkpoint"};
    try (RunFixture run = RunFixture.create(root, "{\"scenario\": {\"name\": \"big\"}}")) {
      for (String version : new String[] {"15.14", "16.10", "17.6"}) {
        for (int cell = 0; cell < 75; cell++) {
          for (int rep = 1; rep <= 3; rep++) {
            for (String step : steps) {
              double seconds = 1 + cell / 100.0 + rep / 1000.0 + (version.startsWith("17") ? 1 : 0);
              run.ok(
                  version,
                  "cell-number-" + cell,
                  rep,
                  "ways",
                  step,
                  seconds,
                  null,
                  null,
                  null,
                  null,
                  null);
            }
          }
        }
      }
    }
    StoredRun results = StoredRun.load(RunFixture.runDir(root));
    VersionComparison comparison = VersionComparison.of(results, null);
    String comment = CommentReport.render(new ReportedRun(results, comparison));
    String fullTable = ComparisonSection.table(comparison, comparison.rows()).toString();
    assertThat(fullTable.length()).isGreaterThan(GITHUB_LIMIT);
    assertThat(comment.length()).isLessThanOrEqualTo(CommentReport.BUDGET);
    assertThat(comment)
        .contains("#### The answer")
        .contains("more cells in the full report")
        .contains("```mermaid\nxychart-beta\n")
        .contains("(the first 40 of 225)")
        .contains("`reports/ways-freeze/20261129-213000/report.md`");
  }

  @Test
  void aSingleVersionRunCommentsOnItsCells() throws IOException {
    try (RunFixture run = RunFixture.create(root, "{\"scenario\": {\"name\": \"one\"}}")) {
      for (int rep = 1; rep <= 5; rep++) {
        run.ok("17.6", "text", rep, "t", "copy", 2 + rep / 100.0, 10L, null, null, null, null);
        run.ok("17.6", "binary", rep, "t", "copy", 1 + rep / 100.0, 10L, null, null, null, null);
      }
    }
    StoredRun results = StoredRun.load(RunFixture.runDir(root));
    String comment = CommentReport.render(new ReportedRun(results, null));
    assertThat(comment)
        .doesNotContain("Versions compared")
        .contains("| text (baseline) | 2.03 | 1 | – | – | – | baseline |")
        .contains("| **binary** (fastest) | 1.03 | 0.51× | – | 0.008 | – | **faster** |")
        .contains(
            "**Fastest:** `binary` (0.51× the baseline), significantly faster than every other"
                + " cell.")
        .contains("x-axis [\"text\", \"binary\"]")
        .contains("bar [2.03, 1.03]");
  }
}
