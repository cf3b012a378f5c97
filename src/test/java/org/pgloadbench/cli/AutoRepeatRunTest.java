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
import org.pgloadbench.server.WorkRoots;

/**
 * {@code repeat: auto} on a real server: COPY against one INSERT per row, some twenty times slower,
 * so every round's pair agrees and the first look (round 7, the fewest at which a verdict can come)
 * settles it. That every one of 7 pairs agrees is as sure as a 20-fold difference is.
 */
@Tag("server")
@Tag("timing")
class AutoRepeatRunTest {
  @TempDir Path dir;

  @Test
  void aClearlyDifferentPairStopsAtTheFirstLook() throws Exception {
    Path scenario =
        Files.writeString(
            WorkRoots.enterable(dir).resolve("auto.yaml"),
            """
            name: auto
            dataset: {kind: int-arrays, rows: 1000, elements: 5}
            servers: {versions: [17]}
            repeat: auto
            warmup: 0
            cells:
              copy: {}
              insert: {loader: insert}
            steps: [create, copy]
            """);
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    assertThat(
            Main.run(
                new PrintWriter(out),
                new PrintWriter(err),
                "bench",
                scenario.toString(),
                "--work-dir",
                dir.resolve("servers").toString(),
                "--results",
                dir.resolve("results").toString(),
                "--reports",
                dir.resolve("reports").toString()))
        .as(err.toString())
        .isZero();
    assertThat(out.toString()).contains("repeat    auto: 7 rounds (the fewest a verdict needs)");
    Path run;
    try (Stream<Path> runs = Files.list(dir.resolve("results/auto"))) {
      run = runs.findFirst().orElseThrow();
    }
    RunManifest.Rounds rounds = ResultStore.readRun(run).rounds();
    assertThat(rounds.rule()).isEqualTo(RunManifest.Rounds.AUTO);
    assertThat(rounds.minimum()).isEqualTo(7);
    assertThat(rounds.run()).isEqualTo(7);
    assertThat(rounds.stopped()).isEqualTo(AutoRounds.SETTLED);
    String report =
        Files.readString(
            dir.resolve("reports/auto").resolve(run.getFileName()).resolve("report.md"));
    assertThat(report)
        .contains("`repeat: auto`: 7 rounds, the first look after 7; stopped: every comparison")
        .containsPattern("\\| insert \\| .* \\| \\*\\*slower\\*\\* \\| verdict, round 7 \\|")
        .contains(
            "**Fastest:** `copy` (the baseline), significantly faster than every other cell.");
  }
}
