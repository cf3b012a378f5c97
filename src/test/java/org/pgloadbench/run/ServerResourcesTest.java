package org.pgloadbench.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

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
import org.pgloadbench.results.Measurements;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.scenario.ScenarioLoader;
import org.pgloadbench.server.Cgroups;
import org.pgloadbench.server.Embedded;
import org.pgloadbench.server.WorkRoots;

/**
 * What the server spent, measured per step on real servers: a COPY's CPU time, the parallel workers
 * of an index build, and a VACUUM that must read its table back from disk because the server's
 * memory cap evicted it.
 */
@Tag("server")
@Tag("timing")
class ServerResourcesTest {
  @TempDir Path dir;

  /**
   * pgbench's accounts, about 150 MB, on a server held to 48 MB: after the CHECKPOINT, VACUUM finds
   * little of the table in shared buffers or the page cache and reads it from disk.
   */
  @Test
  void aCappedServersVacuumReadsItsEvictedTableFromDisk() throws Exception {
    String why = Cgroups.whyNoCap();
    assumeThat(why).as("no memory cgroup here: " + why).isNull();
    List<StepResult> steps =
        run(
            """
            name: capped
            dataset: {kind: pgbench, scale: 11}
            servers: {versions: [17], memory: 48MB}
            settings: {shared_buffers: 16MB, autovacuum: off}
            warmup: 0
            steps: [create, copy, checkpoint, vacuum]
            """);

    Measurements copy = accounts(steps, StepKind.COPY);
    assertThat(copy.serverCpuSeconds())
        .isPositive()
        .isLessThan(copy.seconds() * Runtime.getRuntime().availableProcessors());
    assertThat(copy.ioExtendedBytes()).isGreaterThan(copy.tableBytes() / 2);
    Measurements vacuum = accounts(steps, StepKind.VACUUM);
    assertThat(vacuum.serverReadBytes()).isGreaterThanOrEqualTo(vacuum.tableBytes() / 2);

    RunManifest run = ResultStore.readRun(dir.resolve("run"));
    assertThat(run.servers().get(0).detail("memory_cap_bytes")).isEqualTo(Long.toString(48L << 20));
    assertThat(run.scenario().cells().get(0).memoryCapBytes()).isEqualTo(48L << 20);
    assertThat(Cgroups.leftBy(ProcessHandle.current().pid())).isEmpty();
  }

  /**
   * PostgreSQL 18 builds a primary key with two parallel workers beside the leader: their CPU time,
   * in processes that exit before the step ends, makes the server's CPU time exceed the wall time.
   * On a machine shared with other work, one repetition of three suffices.
   */
  @Test
  void anIndexBuildsParallelWorkersAreCounted() throws Exception {
    List<StepResult> steps =
        run(
            """
            name: parallel
            dataset: {kind: osm-synthetic, tables: [nodes], rows: {nodes: 1500000}}
            servers: {versions: [18]}
            settings:
              autovacuum: off
              max_parallel_maintenance_workers: 2
              maintenance_work_mem: 256MB
              min_parallel_table_scan_size: 1MB
            warmup: 0
            repeat: 3
            matrix: {pk: [later]}
            steps: [create, copy, primary_key]
            """);

    List<Measurements> builds =
        steps.stream()
            .filter(s -> s.ok() && s.step() == StepKind.PRIMARY_KEY)
            .map(StepResult::measured)
            .toList();
    assertThat(builds).hasSize(3);
    assertThat(builds.stream().mapToDouble(m -> m.serverCpuSeconds() / m.seconds()).max().orElse(0))
        .isGreaterThan(1.0);
  }

  private List<StepResult> run(String yaml) throws Exception {
    Path file = Files.writeString(dir.resolve("s.yaml"), yaml);
    Scenario scenario = ScenarioLoader.load(file);
    Path runDir = dir.resolve("run");
    try (ResultStore store = ResultStore.create(runDir, scenario.axes())) {
      int failures =
          Runners.of(
                  scenario,
                  Embedded.target(WorkRoots.enterable(dir).resolve("servers")),
                  store,
                  Progress.lines(new PrintWriter(new StringWriter())),
                  "resources")
              .run();
      assertThat(failures).isZero();
    }
    return ResultStore.readSteps(runDir);
  }

  private static Measurements accounts(List<StepResult> steps, StepKind step) {
    try (Stream<StepResult> all = steps.stream()) {
      return all.filter(s -> s.table().equals("pgbench_accounts") && s.step() == step)
          .findFirst()
          .orElseThrow()
          .measured();
    }
  }
}
