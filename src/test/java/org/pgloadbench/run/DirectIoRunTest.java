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
import org.pgloadbench.analysis.Answer;
import org.pgloadbench.analysis.EscapedWrites;
import org.pgloadbench.report.MarkdownReport;
import org.pgloadbench.report.ReportText;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.results.StoredRun;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.scenario.ScenarioLoader;
import org.pgloadbench.server.Cgroups;
import org.pgloadbench.server.Embedded;
import org.pgloadbench.server.WorkRoots;

/**
 * One real run of the same COPY on two servers held to 64 MB and 30 MB/s written: buffered, whose
 * dirty pages the cap forces out through the kernel's writeback (charged to no cgroup under v1, so
 * they escape the throttle), and with direct I/O, whose every byte its own processes write through
 * the throttle. The buffered load's verdicts are withheld; the direct one's bytes are held. Under
 * cgroup v2, which charges writeback to the cgroup, the buffered load may be held too.
 */
@Tag("server")
class DirectIoRunTest {
  @TempDir Path dir;

  @Test
  void directIoHoldsEveryByteAndABufferedLoadUnderACapIsNotJudged() throws Exception {
    Path servers = WorkRoots.enterable(dir).resolve("servers");
    String why = Cgroups.whyNoDiskLimit(servers);
    assumeThat(why).as("no disk limit here: " + why).isNull();
    assumeThat(Cgroups.whyNoCap()).as("no memory cap here: " + Cgroups.whyNoCap()).isNull();
    Path file =
        Files.writeString(
            dir.resolve("s.yaml"),
            """
            name: direct-io
            dataset: {kind: osm-synthetic, tables: [ways], rows: {ways: 120000}}
            servers: {versions: [17], memory: 64MB}
            settings: {profile: osm2pgsql, shared_buffers: 16MB, maintenance_work_mem: 8MB}
            control: false
            warmup: 0
            matrix:
              disk: ["write=30MB/s", "write=30MB/s,io=direct"]
            steps: [create, copy, checkpoint]
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
                  "direct")
              .run();
      assertThat(failures).isZero();
    }
    List<StepResult> steps = ResultStore.readSteps(runDir);
    double direct = EscapedWrites.of(steps, "17.6", "disk-w30MBps-direct");
    assertThat(direct).as("share of the direct load's writes that escaped").isLessThan(0.05);

    double buffered = EscapedWrites.of(steps, "17.6", "disk-w30MBps");
    if (Cgroups.diskThrottleIsV1()) {
      assertThat(buffered)
          .as("share of the buffered load's writes that escaped")
          .isGreaterThan(0.05);
      StoredRun run = StoredRun.load(runDir);
      Answer.Table table = Answer.of(run).tables().get(0);
      assertThat(table.rows()).noneMatch(Answer.Row::judged);
      assertThat(ReportText.markdown(runDir))
          .contains("not judged: ")
          .contains("of the writes escaped the disk limit");
    }
  }

  /**
   * A claim named without the disk axis is checked at each limit, and the report gives its ratio
   * per bandwidth, where its size is as published and its chart, from a real run of two limits.
   */
  @Test
  void aSweepOfDisksReportsEachClaimPerBandwidth() throws Exception {
    Path servers = WorkRoots.enterable(dir).resolve("servers");
    String why = Cgroups.whyNoDiskLimit(servers);
    assumeThat(why).as("no disk limit here: " + why).isNull();
    Path file =
        Files.writeString(
            dir.resolve("sweep.yaml"),
            """
            name: sweep
            dataset: {kind: osm-synthetic, tables: [ways], rows: {ways: 15000}}
            servers: {versions: [17]}
            settings: {profile: osm2pgsql, shared_buffers: 16MB, maintenance_work_mem: 8MB}
            control: false
            warmup: 0
            repeat: 3
            matrix:
              freeze: [false, true]
              disk: ["io=direct", "write=20MB/s,io=direct"]
            steps: [create, copy, checkpoint]
            claims:
              - claim: COPY FREEZE of the ways takes less time than a plain COPY
                source: "osm2pgsql issue #2110"
                seed: [49 min, 57 min]
                step: copy
                less: {cell: freeze}
                than: {cell: no-freeze}
            """);
    Scenario scenario = ScenarioLoader.load(file);
    assertThat(scenario.claims())
        .extracting(c -> c.disk())
        .containsExactly("io=direct", "write=20MB/s,io=direct");
    Path runDir = dir.resolve("sweep-run");
    try (ResultStore store = ResultStore.create(runDir, scenario.axes())) {
      assertThat(
              Runners.of(
                      scenario,
                      Embedded.target(servers),
                      store,
                      Progress.lines(new PrintWriter(new StringWriter())),
                      "sweep")
                  .run())
          .isZero();
    }
    Path report = MarkdownReport.write(runDir, dir.resolve("sweep-report"), null);
    String markdown = Files.readString(report);
    String sweep = markdown.substring(markdown.indexOf("## Claims over the disk sweep"));
    assertThat(sweep)
        .contains("1. COPY FREEZE of the ways takes less time than a plain COPY")
        .contains("| claim | PostgreSQL | published | 20 MB/s | unthrottled |")
        .containsPattern("\\| 1 \\| 17\\.6 \\| 0\\.86 \\| \\**[0-9.]+\\** \\| \\**[0-9.]+\\** \\|");
    assertThat(report.resolveSibling("disksweep.png")).isNotEmptyFile();
  }
}
