package org.pgloadbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.results.StoredRun;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.scenario.ScenarioLoader;
import org.pgloadbench.server.WorkRoots;

/**
 * {@code recommend} on a real server: COPY against two INSERT loaders some twenty times slower.
 * Both leave at the race's first look (round 7: one-sided p 1/128 each, Holm over two 1/64, under
 * that look's 0.025), COPY wins alone, and the race runs fewer loads than {@code repeat: auto} on
 * the full matrix could (its minimum alone is 8 rounds of 3 cells). That the slow cells lose all 7
 * rounds is as sure as a twenty-fold difference is.
 */
// timing: the race's p-values rest on every one of 7 rounds ordering its cells alike, which a
// busy machine can upset. At 500 rows (COPY 0.008 s, INSERT 0.03 s) a stall of 10 ms reversed one
// round on CI; at 5,000 rows (COPY about 0.013 s, INSERT at least 0.14 s) it takes 0.1 s.
@Tag("server")
@Tag("timing")
class RecommendTest {
  @TempDir Path dir;

  @Test
  void clearlySlowerCellsLeaveAtTheFirstLookAndTheRaceRunsFewerLoadsThanAutoCould()
      throws Exception {
    Path file =
        Files.writeString(
            WorkRoots.enterable(dir).resolve("race.yaml"),
            """
            name: race
            dataset: {kind: int-arrays, rows: 5000, elements: 5}
            servers: {versions: [17]}
            # the server's first load makes its database and meets every catalog cold: unmeasured
            warmup: 1
            cells:
              copy: {}
              insert: {loader: insert}
              insert-commits: {loader: insert, commit_every: 100}
            steps: [create, copy]
            """);
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit =
        Main.run(
            new PrintWriter(out),
            new PrintWriter(err),
            "recommend",
            file.toString(),
            "--budget",
            "2m",
            "--work-dir",
            dir.resolve("servers").toString(),
            "--results",
            dir.resolve("results").toString(),
            "--reports",
            dir.resolve("reports").toString());
    assertThat(exit).as(err.toString()).isZero();
    Path run;
    try (Stream<Path> runs = Files.list(dir.resolve("results/race"))) {
      run = runs.findFirst().orElseThrow();
    }
    RunManifest.Rounds rounds = ResultStore.readRun(run).rounds();
    assertThat(rounds.rule()).isEqualTo(RunManifest.Rounds.RACE);
    // BUDGET= reaches the race (one server), rather than the scenario's default
    assertThat(rounds.budgetSeconds()).isEqualTo(120L);
    assertThat(rounds.minimum()).isEqualTo(7);
    assertThat(rounds.left()).containsOnlyKeys("insert", "insert-commits").containsValue(7);
    assertThat(rounds.stopped()).isEqualTo(RaceRounds.ONE_LEFT);
    int loads = StoredRun.load(run).loads();
    assertThat(loads).isEqualTo(21);
    Scenario scenario = ScenarioLoader.load(file);
    assertThat(loads).isLessThan(AutoRounds.minimum(scenario) * scenario.cells().size());
    String printed = out.toString();
    assertThat(printed)
        .contains("recommend: the winner is copy (the baseline)")
        .contains("recommend: 21 loads against 21 for the full matrix (3 cells × 7 rounds)");
    assertThat(printed.strip()).endsWith("report.md");
    String report =
        Files.readString(
            dir.resolve("reports/race").resolve(run.getFileName()).resolve("report.md"));
    assertThat(report)
        .contains("**The race:** 21 loads against 21 for the full matrix")
        .contains("Winner: `copy`")
        .containsPattern("\\| insert \\| 7 \\| copy \\| .* \\| 0\\.008 \\| 0\\.016 \\|");
  }
}
