package org.pgloadbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.scenario.ScenarioLoader;
import org.pgloadbench.server.Embedded;
import org.pgloadbench.server.Processes;
import org.pgloadbench.server.WorkRoots;

/**
 * A postmaster killed with SIGKILL in the middle of a COPY: the step is stored as failed with the
 * cause, the server is started again (crash recovery) and the later cells load on it; what was
 * stored before stays, and no postgres process outlives the run.
 */
@Tag("server")
class ServerCrashTest {
  @TempDir Path dir;

  @Test
  void aPostmasterKilledDuringACopyIsRestartedAndTheRunGoesOn() throws Exception {
    Path file = dir.resolve("crash.yaml");
    Files.writeString(
        file,
        """
        name: crash
        dataset: {kind: osm-synthetic, tables: [nodes], rows: {nodes: 400000}}
        servers: {versions: [17]}
        warmup: 0
        repeat: 2
        matrix:
          format: [text, binary]
        steps: [create, copy, analyze]
        """);
    Scenario scenario = ScenarioLoader.load(file);
    Path runDir = dir.resolve("results/crash/run");
    Path servers = WorkRoots.enterable(dir).resolve("servers");
    ByteArrayOutputStream progress = new ByteArrayOutputStream();

    // Once the first load is stored, the next COPY's backend is found by its process title and its
    // postmaster killed.
    CompletableFuture<Long> killed =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return killPostmasterDuringCopy(servers, runDir.resolve(ResultStore.STEPS));
              } catch (Exception e) {
                throw new IllegalStateException(e);
              }
            });
    int failures;
    try (ResultStore store = ResultStore.create(runDir, scenario.axes())) {
      failures =
          Runners.of(
                  scenario,
                  Embedded.target(servers),
                  store,
                  Progress.lines(new PrintWriter(progress, true, StandardCharsets.UTF_8)),
                  "crash-run")
              .run();
    }
    long postmaster = killed.get(10, TimeUnit.SECONDS);

    List<StepResult> steps = ResultStore.readSteps(runDir);
    // seen once on CI with 2 failures; should it recur, the progress and the errors say where
    assertThat(failures)
        .as(
            "%s%n%s",
            progress.toString(StandardCharsets.UTF_8),
            steps.stream().filter(s -> !s.ok()).map(StepResult::error).toList())
        .isEqualTo(1);
    assertThat(steps).hasSize(3 + 2 + 3 + 3);
    assertThat(steps.subList(0, 3)).allMatch(StepResult::ok);
    StepResult failed = steps.get(4);
    assertThat(failed.ok()).isFalse();
    assertThat(failed.step()).isEqualTo(StepKind.COPY);
    assertThat(failed.cell()).isEqualTo("binary");
    assertThat(failed.error()).startsWith("the server went down during this step: ");
    assertThat(steps.subList(5, 11)).allMatch(StepResult::ok);
    assertThat(steps)
        .filteredOn(s -> s.ok() && s.step().yamlName().equals("copy"))
        .hasSize(3)
        .allMatch(s -> s.measured().rows() == 400000);
    assertThat(progress.toString(StandardCharsets.UTF_8))
        .contains("the server went down; bringing it back");

    assertThat(Processes.isRunning(postmaster)).isFalse();
    assertThat(postgresProcessesUnder(servers)).isEmpty();
  }

  /**
   * Waits for the first stored load, then for a backend running COPY; kills its postmaster, then
   * the backend: left alone, an orphaned backend finishes its COPY and only notices its postmaster
   * gone later, so the failure would land on a later step.
   */
  private static long killPostmasterDuringCopy(Path servers, Path steps) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (System.nanoTime() < deadline) {
      if (Files.exists(steps) && Files.readAllLines(steps).size() >= 3) {
        Optional<Long> postmaster = postmasterPid(servers);
        Optional<ProcessHandle> copy = postmaster.flatMap(ServerCrashTest::copyBackend);
        if (copy.isPresent()) {
          ProcessHandle.of(postmaster.get()).orElseThrow().destroyForcibly();
          copy.get().destroyForcibly();
          return postmaster.get();
        }
      }
      Thread.sleep(10);
    }
    throw new IllegalStateException("no COPY seen to interrupt");
  }

  private static Optional<Long> postmasterPid(Path servers) throws IOException {
    if (!Files.isDirectory(servers)) {
      return Optional.empty();
    }
    try (Stream<Path> dirs = Files.list(servers)) {
      for (Path d : dirs.toList()) {
        Path pidFile = d.resolve("data/postmaster.pid");
        try {
          return Optional.of(Long.parseLong(Files.readAllLines(pidFile).get(0).strip()));
        } catch (IOException | RuntimeException notYet) {
          // no server there yet
        }
      }
    }
    return Optional.empty();
  }

  private static Optional<ProcessHandle> copyBackend(long postmaster) {
    return ProcessHandle.of(postmaster).stream()
        .flatMap(ProcessHandle::children)
        .filter(child -> commandLine(child.pid()).contains(" COPY"))
        .findFirst();
  }

  private static List<Long> postgresProcessesUnder(Path servers) throws IOException {
    try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
      return procs
          .map(p -> p.getFileName().toString())
          .filter(name -> name.chars().allMatch(Character::isDigit))
          .map(Long::valueOf)
          .filter(pid -> commandLine(pid).contains(servers.toString()))
          .toList();
    }
  }

  private static String commandLine(long pid) {
    try {
      return new String(
              Files.readAllBytes(Path.of("/proc/" + pid + "/cmdline")), StandardCharsets.UTF_8)
          .replace('\0', ' ');
    } catch (IOException gone) {
      return "";
    }
  }
}
