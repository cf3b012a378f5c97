package org.pgloadbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.server.WorkRoots;

/**
 * A run killed outright (SIGKILL, so no shutdown hook runs) after its first load, with a
 * half-written line at the end of its files, resumed to completion in the same directory.
 */
@Tag("server")
class ResumeTest {
  @TempDir Path dir;

  private static final String SCENARIO =
      """
      name: resumable
      dataset: {kind: osm-synthetic, tables: [nodes], rows: {nodes: 150000}}
      servers: {versions: [17]}
      warmup: 0
      repeat: 2
      matrix:
        format: [text, binary]
      steps: [create, copy, analyze]
      """;

  @Test
  void aKilledRunIsResumedToCompletion() throws Exception {
    Path scenario = Files.writeString(dir.resolve("resumable.yaml"), SCENARIO);
    Path servers = WorkRoots.enterable(dir).resolve("servers");
    Path results = dir.resolve("results");
    Process bench =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty(
                    "surefire.test.class.path", System.getProperty("java.class.path")),
                "-Dpgloadbench.postgres.jars=" + System.getProperty("pgloadbench.postgres.jars"),
                Main.class.getName(),
                "bench",
                scenario.toString(),
                "--work-dir",
                servers.toString(),
                "--results",
                results.toString(),
                "--reports",
                dir.resolve("reports").toString())
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("output.txt").toFile())
            .start();
    Path runDir;
    try {
      runDir = awaitFirstLoad(results.resolve("resumable"));
      bench.destroyForcibly();
      assertThat(bench.waitFor(30, TimeUnit.SECONDS)).isTrue();
    } finally {
      bench.destroyForcibly();
    }
    // What a crash in the middle of a write leaves: half a line at the end of both files.
    Files.writeString(
        runDir.resolve(ResultStore.STEPS), "{\"run_id\":\"x\",\"scen", StandardOpenOption.APPEND);
    Files.writeString(runDir.resolve(ResultStore.TIMINGS), "x,resum", StandardOpenOption.APPEND);
    List<StepResult> before = ResultStore.readSteps(runDir, w -> {});
    assertThat(before).isNotEmpty();

    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    String[] common = {
      "--work-dir",
      servers.toString(),
      "--results",
      results.toString(),
      "--reports",
      dir.resolve("reports").toString(),
      "--resume",
      runDir.toString()
    };

    // Other overrides than the stored run's: refused in one line, nothing run.
    int refused = run(out, err, "bench", scenario.toString(), "--repeat", "3", common);
    assertThat(refused).isEqualTo(ExitCode.USAGE);
    assertThat(err.toString(StandardCharsets.UTF_8).strip())
        .doesNotContain("\n")
        .contains("the stored run has repeat 2, this one 3");

    err.reset();
    assertThat(run(out, err, "bench", scenario.toString(), common)).isEqualTo(ExitCode.OK);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("ignoring a half-written last line");

    List<StepResult> after = ResultStore.readSteps(runDir, w -> {});
    assertThat(after.subList(0, before.size())).isEqualTo(before);
    Map<String, Long> perRepetition =
        after.stream()
            .collect(
                Collectors.groupingBy(s -> s.cell() + "/" + s.repetition(), Collectors.counting()));
    assertThat(perRepetition)
        .containsOnlyKeys("text/1", "binary/1", "text/2", "binary/2")
        .allSatisfy((key, steps) -> assertThat(steps).isEqualTo(3));
    assertThat(after).allMatch(StepResult::ok);
    assertThat(after)
        .filteredOn(s -> s.step().yamlName().equals("copy"))
        .allMatch(s -> s.measured().rows() == 150000);
    List<String> csv = Files.readAllLines(runDir.resolve(ResultStore.TIMINGS));
    assertThat(csv).hasSize(1 + after.size()).noneMatch(l -> l.startsWith("x,resum"));
    String progress = out.toString(StandardCharsets.UTF_8);
    assertThat(progress).contains("repetition(s) stored already");
    Path report = Path.of(progress.strip().lines().reduce((a, b) -> b).orElseThrow());
    assertThat(Files.readString(report)).contains("binary").contains("text");
    assertThat(postgresProcessesUnder(servers)).isEmpty();
  }

  private static int run(
      ByteArrayOutputStream out, ByteArrayOutputStream err, String command, String... args) {
    return Main.run(
        new PrintWriter(out, true, StandardCharsets.UTF_8),
        new PrintWriter(err, true, StandardCharsets.UTF_8),
        Stream.concat(Stream.of(command), Stream.of(args)).toArray(String[]::new));
  }

  private static int run(
      ByteArrayOutputStream out,
      ByteArrayOutputStream err,
      String command,
      String scenario,
      String option,
      String value,
      String[] common) {
    return run(
        out,
        err,
        command,
        Stream.concat(Stream.of(scenario, option, value), Stream.of(common))
            .toArray(String[]::new));
  }

  private static int run(
      ByteArrayOutputStream out,
      ByteArrayOutputStream err,
      String command,
      String scenario,
      String[] common) {
    return run(
        out,
        err,
        command,
        Stream.concat(Stream.of(scenario), Stream.of(common)).toArray(String[]::new));
  }

  /** The run's directory, once its first load (three steps) is stored. */
  private static Path awaitFirstLoad(Path scenarioResults) throws Exception {
    for (int i = 0; i < 1200; i++) {
      if (Files.isDirectory(scenarioResults)) {
        try (Stream<Path> runs = Files.list(scenarioResults)) {
          for (Path run : runs.toList()) {
            Path steps = run.resolve(ResultStore.STEPS);
            if (Files.exists(steps) && Files.readAllLines(steps).size() >= 3) {
              return run;
            }
          }
        }
      }
      Thread.sleep(50);
    }
    throw new AssertionError("the first load was never stored");
  }

  private static List<Long> postgresProcessesUnder(Path servers) throws IOException {
    Function<Long, String> commandLine =
        pid -> {
          try {
            return new String(
                Files.readAllBytes(Path.of("/proc/" + pid + "/cmdline")), StandardCharsets.UTF_8);
          } catch (IOException gone) {
            return "";
          }
        };
    try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
      return procs
          .map(p -> p.getFileName().toString())
          .filter(name -> name.chars().allMatch(Character::isDigit))
          .map(Long::valueOf)
          .filter(pid -> commandLine.apply(pid).contains(servers.toString()))
          .toList();
    }
  }
}
