package org.pgloadbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.analysis.Comparison.Verdict;
import org.pgloadbench.render.Verdicts;
import org.pgloadbench.results.StoredRun;

class VersionComparisonTest {
  @TempDir Path root;

  @Test
  void theBaseIsTheOldestUnlessNamedExactlyOrByMajor() {
    List<String> versions = List.of("15.14", "16.10", "17.6");
    assertThat(VersionComparison.base(versions, null)).contains("15.14");
    assertThat(VersionComparison.base(versions, " ")).contains("15.14");
    assertThat(VersionComparison.base(versions, "16")).contains("16.10");
    assertThat(VersionComparison.base(versions, "17.6")).contains("17.6");
    assertThat(VersionComparison.base(versions, "1")).isEqualTo(Optional.empty());
    assertThat(VersionComparison.base(versions, "18")).isEmpty();
  }

  /** Five repetitions a side: 17 clearly faster in copy, the same in create, 16 never measured. */
  @Test
  void verdictsComeFromTheRepetitionsOfEachVersion() throws IOException {
    try (RunFixture run = RunFixture.create(root, "{\"scenario\": {\"name\": \"v\"}}")) {
      double[] slow = {2.0, 2.1, 2.2, 2.05, 2.15};
      double[] fast = {1.0, 1.1, 1.2, 1.05, 1.15};
      for (int rep = 1; rep <= 5; rep++) {
        for (String version : List.of("15.14", "17.6")) {
          double copy = version.equals("15.14") ? slow[rep - 1] : fast[rep - 1];
          run.ok(
              version, "c", rep, "t", "create", 0.1 + rep / 1000.0, null, null, null, null, null);
          run.ok(version, "c", rep, "t", "copy", copy, 10L, null, null, null, null);
        }
      }
    }
    StoredRun results = StoredRun.load(RunFixture.runDir(root));
    VersionComparison comparison = VersionComparison.of(results, null);
    assertThat(comparison.base()).isEqualTo("15.14");
    assertThat(comparison.rows())
        .extracting(VersionComparison.Row::step)
        .containsExactly("create", "copy", VersionComparison.TOTAL);
    var copy = comparison.rows().get(1).comparisons().get("17.6");
    assertThat(copy.verdict()).isEqualTo(Verdict.LOWER);
    assertThat(copy.ratio()).isCloseTo(1.1 / 2.1, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(copy.pTwoSided()).isCloseTo(0.0079, org.assertj.core.data.Offset.offset(1e-4));
    assertThat(comparison.rows().get(0).comparisons().get("17.6").verdict())
        .isEqualTo(Verdict.NO_DIFFERENCE);
    assertThat(comparison.tooSmallToDecide()).isEmpty();

    String markdown = ReportText.markdown(RunFixture.runDir(root));
    assertThat(markdown.indexOf("## Versions compared"))
        .isLessThan(markdown.indexOf("\n## PostgreSQL"));
    // the steps are a table, a family for Holm, of their own: two comparisons here
    MarkdownTable table = MarkdownTable.after(markdown, "### Versions compared, step by step", 0);
    assertThat(table.get("c", "copy", "PostgreSQL 17.6"))
        .isEqualTo("1.10 · 0.52× **faster** (p 0.008, Holm 0.016)");
    assertThat(table.get("c", "copy", "PostgreSQL 15.14 (base)")).isEqualTo("2.10");
    assertThat(table.get("c", "create", "PostgreSQL 17.6"))
        .isEqualTo("0.103 · 1.00× no significant difference (p 1.000, Holm 1.000)");

    VersionComparison against17 = VersionComparison.of(results, "17");
    assertThat(against17.rows().get(1).comparisons().get("15.14").verdict())
        .isEqualTo(Verdict.HIGHER);
    assertThat(Verdicts.stated(against17.rows().get(1).comparisons().get("15.14")))
        .isEqualTo("**slower** (p 0.008, Holm 0.016)");
  }

  /**
   * Three versions, five repetitions: 17 loads cell a fastest, clearly ahead of 15 and 16; on cell
   * b the base 15 is fastest and 16 level with it. The answer names each cell's fastest version.
   */
  @Test
  void eachCellNamesItsFastestVersionAgainstTheOthers() throws IOException {
    try (RunFixture run = RunFixture.create(root, "{\"scenario\": {\"name\": \"v\"}}")) {
      for (int rep = 1; rep <= 5; rep++) {
        double jitter = rep / 100.0;
        run.ok("15.14", "a", rep, "t", "copy", 2.0 + jitter, 10L, null, null, null, null);
        run.ok("16.10", "a", rep, "t", "copy", 2.1 + jitter, 10L, null, null, null, null);
        run.ok("17.6", "a", rep, "t", "copy", 1.0 + jitter, 10L, null, null, null, null);
        run.ok("15.14", "b", rep, "t", "copy", 1.0 + jitter, 10L, null, null, null, null);
        run.ok("16.10", "b", rep, "t", "copy", 1.0 + 2 * jitter, 10L, null, null, null, null);
        run.ok("17.6", "b", rep, "t", "copy", 3.0 + jitter, 10L, null, null, null, null);
      }
    }
    StoredRun results = StoredRun.load(RunFixture.runDir(root));
    List<FastestVersions.Fastest> fastest = FastestVersions.of(VersionComparison.of(results, null));
    assertThat(fastest).extracting(FastestVersions.Fastest::cell).containsExactly("a", "b");
    assertThat(fastest.get(0).version()).isEqualTo("17.6");
    assertThat(fastest.get(0).against().keySet()).containsExactly("15.14", "16.10");
    assertThat(fastest.get(0).against().get("15.14").verdict()).isEqualTo(Verdict.LOWER);
    assertThat(fastest.get(0).against().get("15.14").ratio()).isLessThan(0.6);
    assertThat(fastest.get(1).version()).isEqualTo("15.14");
    assertThat(fastest.get(1).against().get("17.6").verdict()).isEqualTo(Verdict.LOWER);
    // Holm over the table's four comparisons
    assertThat(fastest.get(1).against().get("16.10").pAdjusted()).isGreaterThan(0.05);

    MarkdownTable table =
        MarkdownTable.after(
            ReportText.markdown(RunFixture.runDir(root)), "### Fastest version per cell", 0);
    assertThat(table.get("b", "PostgreSQL 15.14", "total (s)")).isEqualTo("1.03");
    // a row per other version, the cell and its fastest version named on the first
    assertThat(table.get("a", "PostgreSQL 17.6", "against")).isEqualTo("PostgreSQL 15.14");
    assertThat(table.get("a", "PostgreSQL 17.6", "ratio")).isEqualTo("0.51×");
    assertThat(table.get("a", "PostgreSQL 17.6", "verdict"))
        .isEqualTo("**faster** (p 0.008, Holm 0.032)");
    assertThat(table.get("a", "", "against")).isEqualTo("PostgreSQL 16.10");
    assertThat(table.get("a", "", "ratio")).isEqualTo("0.48×");
  }

  @Test
  void threeRepetitionsASideCanNeverBeSignificantAndTheReportSaysSo() throws IOException {
    try (RunFixture run = RunFixture.create(root, "{}")) {
      for (int rep = 1; rep <= 3; rep++) {
        run.ok("15.14", "c", rep, "t", "copy", 10 + rep, 10L, null, null, null, null);
        run.ok("17.6", "c", rep, "t", "copy", 1 + rep / 10.0, 10L, null, null, null, null);
      }
    }
    StoredRun results = StoredRun.load(RunFixture.runDir(root));
    VersionComparison comparison = VersionComparison.of(results, null);
    assertThat(comparison.rows().get(0).comparisons().get("17.6").verdict())
        .isEqualTo(Verdict.NO_DIFFERENCE);
    assertThat(comparison.tooSmallToDecide()).contains("smallest possible p is 0.100");
    assertThat(ReportText.markdown(RunFixture.runDir(root)))
        .contains("no difference can be called significant");
  }
}
