package org.pgloadbench.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.analysis.Comparison.Verdict;
import org.pgloadbench.cli.Main;
import org.pgloadbench.results.StoredRun;
import org.pgloadbench.server.WorkRoots;

/**
 * {@code compare} on real runs: the same scenario run twice comes out as noise, and a setting that
 * slows every commit (commit_delay at its maximum, applied to every WAL flush) as a significant
 * slowdown that {@code --fail-above} turns into exit code 1. Five repetitions a side: with three,
 * the exact test could never call anything significant.
 */
@Tag("server")
@Tag("timing")
class CompareRunsTest {
  static final String SCENARIO =
      """
      name: compare-small
      dataset: {kind: osm-synthetic, tables: [ways, rels], rows: {ways: 3000, rels: 300}}
      servers: {versions: [17]}
      repeat: 5
      warmup: 1
      %s
      steps: [create, copy, analyze]
      """;

  @TempDir static Path dir;
  static Path first;
  static Path slowed;

  @BeforeAll
  static void run() throws Exception {
    Path plain = Files.writeString(dir.resolve("plain.yaml"), SCENARIO.formatted(""));
    Path delayed =
        Files.writeString(
            dir.resolve("delayed.yaml"),
            SCENARIO.formatted("settings: {commit_delay: 100000, commit_siblings: 0}"));
    first = bench(plain);
    slowed = bench(delayed);
  }

  @Test
  void aRunAgainstItselfHasEveryRowAndNoDifference() throws Exception {
    // Two runs of one scenario differ only by noise, but whether a loaded machine keeps it below
    // the test's threshold is the machine's property, not the code's: the test compares one run
    // with itself, which must come out exactly equal.
    RunComparison comparison = compare(first, first);
    // 2 tables x 3 steps, and the total
    assertThat(comparison.rows()).hasSize(7);
    assertThat(comparison.onlyBase()).isEmpty();
    assertThat(comparison.onlyNew()).isEmpty();
    assertThat(comparison.rows())
        .allSatisfy(
            r -> {
              assertThat(r.comparison().ratio()).isEqualTo(1.0);
              assertThat(r.comparison().verdict()).isEqualTo(Verdict.NO_DIFFERENCE);
            });
  }

  @Test
  void aSettingThatSlowsEveryCommitIsASignificantSlowdownAndFailsTheThreshold() throws Exception {
    RunComparison comparison = compare(first, slowed);
    RunComparison.Row copy =
        comparison.rows().stream()
            .filter(r -> r.table().equals("planet_osm_ways") && r.step().equals("copy"))
            .findFirst()
            .orElseThrow();
    assertThat(copy.comparison().verdict())
        .as(CompareReport.text(comparison))
        .isEqualTo(Verdict.HIGHER);
    RunComparison.Row total =
        comparison.rows().stream().filter(RunComparison.Row::total).findFirst().orElseThrow();
    assertThat(total.comparison().verdict()).isEqualTo(Verdict.HIGHER);
    assertThat(total.deltaPercent()).isGreaterThan(5);

    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Path compareDir = dir.resolve("compare");
    int code =
        Main.run(
            new PrintWriter(out, true, StandardCharsets.UTF_8),
            new PrintWriter(err, true, StandardCharsets.UTF_8),
            "compare",
            first.toString(),
            slowed.toString(),
            "--fail-above",
            "5%",
            "--out",
            compareDir.toString());
    assertThat(code).as(err.toString()).isEqualTo(1);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("significantly slower by more than 5%");
    List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
    assertThat(lines.get(lines.size() - 1)).isEqualTo(compareDir.resolve("compare.md").toString());
    assertThat(String.join("\n", lines)).contains("slower").contains("delta");
    assertThat(Files.readString(compareDir.resolve("compare.md")))
        .contains("| 17.")
        .contains("slower")
        .contains("![base and new totals](compare.png)");
    assertThat(compareDir.resolve("compare.svg")).isRegularFile();
  }

  private static RunComparison compare(Path base, Path other) throws Exception {
    return RunComparison.of(StoredRun.load(base), StoredRun.load(other));
  }

  /** Runs a scenario through the command line; returns its results directory. */
  private static Path bench(Path scenario) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code =
        Main.run(
            new PrintWriter(out, true, StandardCharsets.UTF_8),
            new PrintWriter(err, true, StandardCharsets.UTF_8),
            "bench",
            scenario.toString(),
            "--results",
            dir.resolve("results").toString(),
            "--reports",
            dir.resolve("reports").toString(),
            "--work-dir",
            WorkRoots.enterable(dir).resolve("servers").toString());
    assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();
    String results =
        out.toString(StandardCharsets.UTF_8)
            .lines()
            .filter(l -> l.startsWith("results: "))
            .findFirst()
            .orElseThrow();
    Thread.sleep(1100); // run ids are to the second
    return Path.of(results.substring("results: ".length()));
  }
}
