package org.pgloadbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.report.InstructionCounts;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.results.StoredRun;
import org.pgloadbench.server.TestBuilds;
import org.pgloadbench.server.Valgrind;
import org.pgloadbench.server.WorkRoots;

/**
 * A run with {@code --instructions} end to end: two builds and a control under valgrind, each
 * step's count stored and reported, and {@code compare --fail-on instructions} gating on them. The
 * "patch" is PostgreSQL 16 against 17's HEAD: builds that surely differ by more than 1% in some
 * step, in a direction the test reads from the run.
 */
@Tag("server")
class InstructionsRunTest {
  @TempDir Path dir;

  @Test
  void countsEveryStepOfEveryServerAndGatesABuildThatGrew() throws Exception {
    String why = Valgrind.whyNot();
    assumeTrue(why == null, "skipped: " + why);
    Path builds =
        WorkRoots.enterable(Files.createDirectories(WorkRoots.enterable(dir).resolve("b")));
    Path head = TestBuilds.copyOfEmbedded("17", builds.resolve("head"));
    Path patch = TestBuilds.copyOfEmbedded("16", builds.resolve("patch"));
    Path scenario =
        Files.writeString(
            dir.resolve("counted.yaml"),
            """
            name: counted
            dataset: {kind: osm-synthetic, tables: [ways], rows: {ways: 3000}}
            servers: {target: local, builds: [head, patch]}
            repeat: 10
            measure: instructions
            steps: [create, copy, vacuum, checkpoint]
            """);
    StringWriter err = new StringWriter();
    assertThat(
            Main.run(
                new PrintWriter(new StringWriter()),
                new PrintWriter(err),
                "bench",
                scenario.toString(),
                "--builds",
                "head=" + head + ",patch=" + patch,
                "--work-dir",
                dir.resolve("servers").toString(),
                "--results",
                dir.resolve("results").toString(),
                "--reports",
                dir.resolve("reports").toString()))
        .as(err.toString())
        .isZero();
    Path run;
    try (Stream<Path> runs = Files.list(dir.resolve("results/counted"))) {
      run = runs.findFirst().orElseThrow();
    }
    // one round, the scenario's ten notwithstanding; every step counted but the checkpoint,
    // which the checkpointer does
    List<StepResult> steps = ResultStore.readSteps(run);
    assertThat(steps).allMatch(s -> s.repetition() == 1);
    assertThat(steps)
        .filteredOn(s -> s.step() != StepKind.CHECKPOINT)
        .hasSize(3 * 3)
        .allMatch(s -> s.measured().instructions() != null && s.measured().instructions() > 0);
    assertThat(steps)
        .filteredOn(s -> s.step() == StepKind.CHECKPOINT)
        .allMatch(s -> s.measured().instructions() == null);
    List<String> csv = Files.readAllLines(run.resolve(ResultStore.TIMINGS));
    assertThat(csv.get(0)).endsWith(",instructions");

    // the control counted what its twin did, to 0.05% of each total
    InstructionCounts counts = InstructionCounts.of(StoredRun.load(run), null);
    assertThat(counts.control()).isNotNull();
    assertThat(counts.control().largest()).isLessThan(InstructionCounts.CONTROL_TOLERANCE);
    String report =
        Files.readString(dir.resolve("reports/counted/" + run.getFileName() + "/report.md"));
    assertThat(report).contains("## Instructions per step", "/row)", "patch vs head");

    // whichever build executed more in some step fails the gate when it is the new one
    List<String> patchGrew = counts.grewMoreThan(1);
    List<String> headGrew = InstructionCounts.of(StoredRun.load(run), "patch").grewMoreThan(1);
    assertThat(patchGrew.size() + headGrew.size()).isPositive();
    // a row the control differed on is not judged: it can only leave the verdict open (exit 3)
    int expected =
        !patchGrew.isEmpty()
            ? ExitCode.FAILED
            : counts.undecided(1).isEmpty() ? ExitCode.OK : ExitCode.DRIFTING;
    assertThat(compare(run, null, "1")).isEqualTo(expected);
    assertThat(compare(run, "patch", "1"))
        .isEqualTo(headGrew.isEmpty() ? ExitCode.OK : ExitCode.FAILED);
    assertThat(compare(run, null, "1000")).isEqualTo(ExitCode.OK);
    assertThat(Files.readString(dir.resolve("compare/compare.md")))
        .contains("## Instructions per step");
  }

  private int compare(Path run, String base, String above) {
    StringWriter err = new StringWriter();
    int exit =
        Main.run(
            new PrintWriter(new StringWriter()),
            new PrintWriter(err),
            "compare",
            run.toString(),
            "--base-pg",
            base == null ? "" : base,
            "--fail-above",
            above,
            "--fail-on",
            "instructions",
            "--out",
            dir.resolve("compare").toString());
    if (exit == ExitCode.FAILED) {
      assertThat(err.toString()).contains("more instructions, e.g. ");
    }
    return exit;
  }
}
