package org.pgloadbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.results.Measurements;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.results.StepKey;
import org.pgloadbench.results.StepResult;

/**
 * "Where the time goes": the rule's words, and the section built from stored steps, with what a
 * disk throttle saw.
 */
class WhereTimeGoesTest {
  private static final double MB = 1024 * 1024;

  @TempDir Path dir;

  @Test
  void theRuleSaysWhatBoundAStep() {
    assertThat(new TimeSplit(1.0, 0.4, 0.2, 0, 0, Double.NaN).bound())
        .isEqualTo(TimeSplit.CPU_BOUND);
    assertThat(new TimeSplit(1.0, 1.7, 0.1, 0, 0, Double.NaN).rest()).isZero();
    assertThat(new TimeSplit(2.0, 0.2, 0, 50 * MB, 0, Double.NaN).bound())
        .isEqualTo(TimeSplit.DISK_BOUND);
    assertThat(new TimeSplit(2.0, 0.2, 0, 1 * MB, 2 * MB, Double.NaN).bound())
        .isEqualTo(TimeSplit.WAITING);
    assertThat(new TimeSplit(0.04, 0, 0, 0, 0, Double.NaN).bound())
        .as("under the CPU clock's ticks")
        .isNull();
    assertThat(new TimeSplit(1.0, Double.NaN, 0.1, Double.NaN, Double.NaN, Double.NaN).bound())
        .isNull();
    assertThat(new TimeSplit(3.0, 0.5, 0.1, 0, 60 * MB, 2.0).bound())
        .as("the throttled I/O needs 2.0 s of the 2.4 s rest")
        .isEqualTo(TimeSplit.THROTTLED);
    assertThat(new TimeSplit(3.0, 0.5, 0.1, 0, 60 * MB, 0.5).bound())
        .isEqualTo(TimeSplit.DISK_BOUND);
  }

  /**
   * A COPY held to 30 MB/s written leaves half its bytes dirty, which its CHECKPOINT's fsyncs then
   * pass through the throttle: the COPY's escaped bytes are what it did not wait for, the total's
   * what escaped the load.
   */
  @Test
  void aThrottledServersStepsSayWhatTheThrottleSawAndWhatEscaped() throws Exception {
    Path run = dir.resolve("throttled");
    try (ResultStore store = ResultStore.create(run, List.of("disk"))) {
      store.writeRun(
          new ObjectMapper()
              .readValue(
"""
{"run_id": "r", "scenario": {"name": "throttled", "steps": ["copy", "checkpoint"],
 "cells": [{"label": "disk-w30MBps", "axes": {"disk": "write=30MB/s"},
            "disk": "write=30MB/s"}]},
 "servers": [{"requested": "17", "version": "17.6",
              "disk_limit": "write=30MB/s"}],
 "schedule": "rounds"}
""",
                  RunManifest.class));
      for (int repetition = 1; repetition <= 3; repetition++) {
        store.append(
            step(
                "disk-w30MBps",
                repetition,
                StepKind.COPY,
                Measurements.timed(4.0)
                    .clientCpuSeconds(0.2)
                    .serverCpu(0.8, 0.0)
                    .serverBytes(0L, 120_000_000L)
                    .throttled(0L, 60_000_000L, 0L, 60L)
                    .build()));
        store.append(
            step(
                "disk-w30MBps",
                repetition,
                StepKind.CHECKPOINT,
                Measurements.timed(2.5)
                    .clientCpuSeconds(0.0)
                    .serverCpu(0.0, 0.02)
                    .serverBytes(0L, 15_000_000L)
                    .throttled(0L, 72_000_000L, 0L, 300L)
                    .build()));
      }
    }

    String report = ReportText.markdown(run);

    assertThat(report)
        .contains(TimeSplit.throttledRule())
        .contains(
            "| 17.6 | disk-w30MBps | copy | 4.00 | 0.800 | 0.200 | 3.00 | 0 | 114 | throttled |")
        .contains("What the disk throttle saw")
        .contains(
            "| 17.6 | disk-w30MBps | copy | `write=30MB/s` | 4.00 | 2.00 | 0 | 57.2 | 0 | 60 | 114"
                + " | 57.2 (50.0%) |")
        .contains(
            "| 17.6 | disk-w30MBps | **total** | `write=30MB/s` | 6.50 | 4.40 | 0 | 126 | 0 | 360"
                + " | 129 | 2.86 (2.2%) |");
  }

  @Test
  void theSectionShowsEachStepAndTheTablesAgainstTheCap() throws Exception {
    Path run = dir.resolve("run");
    try (ResultStore store = ResultStore.create(run, List.of("memory"))) {
      store.writeRun(
          new ObjectMapper()
              .readValue(
                  """
                  {"run_id": "r", "scenario": {"name": "capped", "steps": ["copy", "vacuum"],
                   "cells": [{"label": "mem-64MB", "axes": {"memory": "64MB"},
                              "memory_cap_bytes": 67108864}]},
                   "servers": [{"requested": "17", "version": "17.6",
                                "memory_cap_bytes": "67108864"}],
                   "schedule": "rounds"}
                  """,
                  RunManifest.class));
      for (int repetition = 1; repetition <= 3; repetition++) {
        store.append(
            step(
                repetition,
                StepKind.COPY,
                Measurements.timed(3.0)
                    .clientCpuSeconds(0.3)
                    .serverCpu(1.5, 0.2)
                    .serverBytes(0L, 400 * (long) MB)
                    .table(200 * (long) MB, 25600L, 0L)
                    .build()));
        store.append(
            step(
                repetition,
                StepKind.VACUUM,
                Measurements.timed(1.0)
                    .clientCpuSeconds(0.0)
                    .serverCpu(0.1, 0.1)
                    .serverBytes(190 * (long) MB, 0L)
                    .statIo(200 * (long) MB, 10L, 10L, 0L, 0L)
                    .walStats(3L, 0L)
                    .table(200 * (long) MB, 25600L, 0L)
                    .build()));
      }
    }

    String report = ReportText.markdown(run);

    assertThat(report)
        .contains("## Where the time goes")
        .contains("- 17.6 mem-64MB: capped at 64.0 MB; t 200 MB, 3.13× the server's memory")
        .contains("| 17.6 | mem-64MB | copy | 3.00 | 1.70 | 0.300 | 1.00 | 0 | 400 | CPU-bound |")
        .contains("| 17.6 | mem-64MB | vacuum | 1.00 | 0.200 | 0 | 0.800 | 190 | 0 | disk-bound |")
        .contains(
            "| 17.6 | mem-64MB | **total** | 4.00 | 1.90 | 0.300 | 1.80 | 190 | 400 | CPU-bound |")
        .contains("| 17.6 | mem-64MB | vacuum | 200 | 0.00000954 | 0.00000954 | 0 | 0 | 3 |")
        .contains("![where the time goes](resources.png)");
  }

  @Test
  void aRunWithoutServerFiguresHasNoSuchSection() throws Exception {
    Path run = dir.resolve("old");
    try (ResultStore store = ResultStore.create(run, List.of())) {
      store.append(step(1, StepKind.COPY, Measurements.timed(1.0).clientCpuSeconds(0.1).build()));
    }
    assertThat(ReportText.markdown(run)).doesNotContain("Where the time goes");
  }

  private static StepResult step(int repetition, StepKind step, Measurements m) {
    return StepResult.ok(
        "r",
        "capped",
        new StepKey("17.6", "mem-64MB", repetition, "t", step, null),
        Map.of("memory", "64MB"),
        m);
  }

  private static StepResult step(String cell, int repetition, StepKind step, Measurements m) {
    return StepResult.ok(
        "r",
        "throttled",
        new StepKey("17.6", cell, repetition, "t", step, null),
        Map.of("disk", "write=30MB/s"),
        m);
  }
}
