package org.pgloadbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.server.WorkRoots;

/**
 * {@code --budget} (BUDGET=) reaches the run: the plan states it, run.json records it, and a real
 * {@code repeat: auto} run stops on it. Three cells that load the same rows the same way (one transaction
 * each: 500 rows, a commit every 1,000 or 2,000 or at the end) never settle: a precision of 0.1% is out of reach, and a verdict at the first look needs every one of 8
 * rounds to order the three the same way (a chance of 2 in 3^8). So the budget, a second against
 * the scenario's own hour, is what ends the run.
 */
class BudgetOverrideTest {
  @TempDir Path dir;

  @Test
  void theBudgetGivenOnTheCommandLineIsRecordedAndStopsTheRun() throws Exception {
    Path scenario =
        Files.writeString(
            WorkRoots.enterable(dir).resolve("budget.yaml"),
            """
            name: budget
            dataset: {kind: int-arrays, rows: 500, elements: 5}
            servers: {versions: [17]}
            repeat: auto
            precision: 0.1%
            budget: 1h
            warmup: 0
            cells:
              a: {loader: insert}
              b: {loader: insert, commit_every: 1000}
              c: {loader: insert, commit_every: 2000}
            steps: [create, copy]
            """);
    StringWriter planned = new StringWriter();
    StringWriter planErr = new StringWriter();
    assertThat(
            Main.run(
                new PrintWriter(planned),
                new PrintWriter(planErr),
                "plan",
                scenario.toString(),
                "--budget",
                "1s",
                "--results",
                dir.resolve("results").toString()))
        .as(planErr.toString())
        .isZero();
    assertThat(planned.toString()).contains("or 1 s per server (1 s) is spent");

    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    assertThat(
            Main.run(
                new PrintWriter(out),
                new PrintWriter(err),
                "bench",
                scenario.toString(),
                "--budget",
                "1s",
                "--work-dir",
                dir.resolve("servers").toString(),
                "--results",
                dir.resolve("results").toString(),
                "--reports",
                dir.resolve("reports").toString()))
        .as(err.toString())
        .isZero();
    Path run;
    try (Stream<Path> runs = Files.list(dir.resolve("results/budget"))) {
      run = runs.findFirst().orElseThrow();
    }
    RunManifest.Rounds rounds = ResultStore.readRun(run).rounds();
    assertThat(rounds.rule()).isEqualTo(RunManifest.Rounds.AUTO);
    assertThat(rounds.budgetSeconds()).isEqualTo(1L);
    assertThat(rounds.stopped()).isEqualTo(AutoRounds.BUDGET);
    assertThat(rounds.run()).isGreaterThanOrEqualTo(rounds.minimum());
  }
}
