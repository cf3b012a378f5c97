package org.pgloadbench.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
 * One real run of a scenario with a disk axis: the same COPY on a server whose disk is not limited
 * and on one held to 5 MB/s written. At wal_level replica the COPY's WAL (about 17 MB for 60,000
 * ways) is written and synced by the server's own processes, so it passes the throttle: the
 * throttled COPY takes at least its throttled bytes over the limit, several times the unthrottled
 * one (about 0.3 s here).
 */
@Tag("server")
@Tag("timing")
class DiskAxisRunTest {
  @TempDir Path dir;

  @Test
  void theThrottledCopyIsSlowerThanTheUnthrottledOne() throws Exception {
    Path servers = WorkRoots.enterable(dir).resolve("servers");
    String why = Cgroups.whyNoDiskLimit(servers);
    assumeThat(why).as("no disk limit here: " + why).isNull();
    Path file =
        Files.writeString(
            dir.resolve("s.yaml"),
            """
            name: disk-axis
            dataset: {kind: osm-synthetic, tables: [ways], rows: {ways: 60000}}
            servers: {versions: [17]}
            control: false
            warmup: 0
            matrix:
              disk: [none, "write=5MB/s"]
            steps: [create, copy]
            """);
    Scenario scenario = ScenarioLoader.load(file);
    Path runDir = dir.resolve("run");
    try (ResultStore store = ResultStore.create(runDir, scenario.axes())) {
      int failures =
          Runners.of(
                  scenario,
                  Embedded.target(servers),
                  store,
                  Progress.lines(new PrintWriter(new StringWriter())),
                  "disk")
              .run();
      assertThat(failures).isZero();
    }
    List<StepResult> steps = ResultStore.readSteps(runDir);
    Measurements free = copy(steps, "disk-none");
    Measurements held = copy(steps, "disk-w5MBps");

    assertThat(free.throttledWrittenBytes()).isNull();
    assertThat(held.throttledWrittenBytes()).isGreaterThan(10_000_000L);
    assertThat(held.throttledWrites()).isPositive();
    assertThat(held.seconds())
        .isGreaterThanOrEqualTo(held.throttledWrittenBytes() / 5e6 - 0.2)
        .isGreaterThan(2 * free.seconds());

    RunManifest run = ResultStore.readRun(runDir);
    assertThat(run.scenario().cells())
        .extracting(RunManifest.CellRun::disk)
        .containsExactly(null, "write=5MB/s");
    assertThat(Cgroups.diskCgroupsLeftBy(ProcessHandle.current().pid())).isEmpty();
    assertThat(Files.readString(runDir.resolve(ResultStore.TIMINGS)).lines().findFirst().orElseThrow())
        .contains(",throttled_read_bytes,throttled_written_bytes,throttled_reads,throttled_writes");
  }

  private static Measurements copy(List<StepResult> steps, String cell) {
    return steps.stream()
        .filter(s -> s.ok() && s.cell().equals(cell) && s.step() == StepKind.COPY)
        .findFirst()
        .orElseThrow()
        .measured();
  }
}
