package org.pgloadbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.analysis.Comparison;
import org.pgloadbench.cli.Main;
import org.pgloadbench.report.VersionComparison;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.results.StoredRun;
import org.pgloadbench.server.TestBuilds;
import org.pgloadbench.server.WorkRoots;

/**
 * Two copies of one build, run the way a hacker compares HEAD with a patch: every server up before
 * the first round, every round on every server, every server started afresh every two rounds, and
 * a control (a second instance of the first build). Identical builds must come out alike.
 */
@Tag("server")
@Tag("timing")
class InterleavedBuildsTest {
  @TempDir Path dir;

  @Test
  void identicalBuildsRunRoundByRoundAndTheControlFindsNoDifference() throws Exception {
    Path builds = Files.createDirectories(WorkRoots.enterable(dir).resolve("builds"));
    WorkRoots.enterable(builds);
    Path a = TestBuilds.copyOfEmbedded("17", builds.resolve("a"));
    Path b = TestBuilds.copyOfEmbedded("17", builds.resolve("b"));
    Path scenario =
        Files.writeString(
            dir.resolve("aa.yaml"),
            """
            name: aa
            dataset: {kind: osm-synthetic, tables: [ways], rows: {ways: 20000}}
            servers: {target: local, builds: [a, b]}
            settings: {autovacuum: off}
            repeat: 8
            warmup: 1
            steps: [create, copy, checkpoint]
            """);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit =
        Main.run(
            new PrintWriter(out, true, StandardCharsets.UTF_8),
            new PrintWriter(err, true, StandardCharsets.UTF_8),
            "bench",
            scenario.toString(),
            "--builds",
            "a=" + a + ",b=" + b,
            "--work-dir",
            dir.resolve("servers").toString(),
            "--results",
            dir.resolve("results").toString(),
            "--reports",
            dir.resolve("reports").toString());
    assertThat(exit).as(err.toString(StandardCharsets.UTF_8)).isZero();
    Path runDir;
    try (Stream<Path> runs = Files.list(dir.resolve("results/aa"))) {
      runDir = runs.findFirst().orElseThrow();
    }

    // every round holds every server once, each load stored whole
    List<StepResult> steps = ResultStore.readSteps(runDir);
    Map<Integer, Set<String>> serversByRound = new TreeMap<>();
    for (StepResult s : steps) {
      assertThat(s.ok()).isTrue();
      serversByRound.computeIfAbsent(s.repetition(), r -> new TreeSet<>()).add(s.server());
    }
    assertThat(serversByRound).hasSize(8);
    assertThat(serversByRound.values()).allMatch(set -> set.equals(Set.of("a", "b", "a-control")));
    assertThat(steps).hasSize(8 * 3 * 3);
    // the order rotates: the rounds do not all start on the same server
    Set<String> firsts = new TreeSet<>();
    int round = 0;
    for (StepResult s : steps) {
      if (s.repetition() != round) {
        round = s.repetition();
        firsts.add(s.server());
      }
    }
    assertThat(firsts).hasSizeGreaterThan(1);

    // restart: auto started every server afresh before rounds 3, 5 and 7, each start warmed up
    StoredRun stored = StoredRun.load(runDir);
    assertThat(stored.manifest().startRounds()).containsExactly(3, 5, 7);
    assertThat(stored.manifest().outsideSteps().values())
        .allSatisfy(
            outside -> {
              assertThat(outside.starts()).isEqualTo(4);
              assertThat(outside.warmups()).isEqualTo(4);
            });

    // A/A: the control's p is uniform under no difference, so p <= 0.05 happens one run in
    // twenty by chance alone; this asserts the stricter p > 0.01 so the test fails one run in a
    // hundred at most, while a start's offset taken for the build's (the failure this guards)
    // drives p far below it
    VersionComparison comparison = VersionComparison.of(stored, "a");
    assertThat(comparison.control()).isNotNull();
    assertThat(comparison.control().label()).isEqualTo("a-control");
    assertThat(comparison.control().comparison().test()).isEqualTo(Comparison.Test.STARTS);
    assertThat(comparison.control().comparison().pairs()).isEqualTo(4);
    assertThat(comparison.control().comparison().pTwoSided()).isGreaterThan(0.01);
    // the ratio of loads this small swings on a busy machine (1.17 seen under four parallel
    // builds): the bound only catches a control that is not the same server at all
    assertThat(comparison.control().comparison().ratio()).isBetween(0.7, 1.4);
    String report =
        Files.readString(
            Path.of(
                out.toString(StandardCharsets.UTF_8)
                    .strip()
                    .lines()
                    .reduce((x, y) -> y)
                    .orElseThrow()));
    // p between 0.01 and 0.05 (one A/A run in twenty-five) is a drift the report must name as
    // such: the heading follows the control's own verdict
    String heading =
        comparison.control().drifting()
            ? "**⚠ Machine drifting, verdicts not trusted:** "
            : "**Control:** ";
    assertThat(report).contains(heading + "PostgreSQL a-control, a second a with the same");
    assertThat(report).contains("## Server starts", "Student's t over the starts");
  }
}
