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
 * "The standby": a cell with a standby against its twin without one, its WAL, its largest lag and
 * its commits' waits, from stored steps; a run without a standby has no such section.
 */
class StandbySectionTest {
  private static final long MB = 1024 * 1024;

  @TempDir Path dir;

  @Test
  void aSyncStandbysCostLagAndWaitsPerCell() throws Exception {
    Path run = dir.resolve("run");
    try (ResultStore store = ResultStore.create(run, List.of("standby"))) {
      store.writeRun(
          new ObjectMapper()
              .readValue(
                  """
                  {"run_id": "r", "scenario": {"name": "s", "steps": ["copy", "checkpoint"],
                   "cells": [{"label": "no-standby", "axes": {"standby": "none"}},
                             {"label": "standby-sync", "axes": {"standby": "sync"},
                              "standby": "sync"}]},
                   "servers": [{"requested": "17", "version": "17.6"}],
                   "schedule": "rounds"}
                  """,
                  RunManifest.class));
      for (int repetition = 1; repetition <= 3; repetition++) {
        store.append(step("no-standby", repetition, StepKind.COPY, timed(1.0).build()));
        store.append(step("no-standby", repetition, StepKind.CHECKPOINT, timed(0.5).build()));
        store.append(
            step(
                "standby-sync",
                repetition,
                StepKind.COPY,
                timed(1.5).standbyLag(4 * MB, 0.25).syncWaitSeconds(0.1 * repetition).build()));
        store.append(
            step(
                "standby-sync",
                repetition,
                StepKind.CHECKPOINT,
                timed(0.5).standbyLag(0L, 0.0).syncWaitSeconds(0.0).build()));
      }
    }

    String report = ReportText.markdown(run);

    assertThat(report)
        .contains("## The standby")
        .contains(
            "| 17.6 | standby-sync | 2.00 | 1.33× (1.33–1.33), no significant difference (p 0.250)"
                + " | 40.0 | 4.00 | t copy | 0.250 | 0.200 |")
        .contains("| 17.6 | standby-sync | copy | 20.0 | 4.00 | 0.250 | 0.200 |")
        .contains("| 17.6 | standby-sync | checkpoint | 20.0 | 0 | 0 | 0 |");
  }

  @Test
  void aRunWithoutAStandbyHasNoSuchSection() throws Exception {
    Path run = dir.resolve("old");
    try (ResultStore store = ResultStore.create(run, List.of())) {
      store.append(step("c", 1, StepKind.COPY, timed(1.0).build()));
    }
    assertThat(ReportText.markdown(run)).doesNotContain("The standby");
  }

  private static Measurements.Builder timed(double seconds) {
    return Measurements.timed(seconds).walBytes(20 * MB);
  }

  private static StepResult step(String cell, int repetition, StepKind step, Measurements m) {
    return StepResult.ok(
        "r",
        "s",
        new StepKey("17.6", cell, repetition, "t", step, null),
        Map.of("standby", cell.equals("no-standby") ? "none" : "sync"),
        m);
  }
}
