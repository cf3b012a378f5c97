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

/** The report's UNLOGGED and index-build tables, from results written with chosen values. */
class LoggingAndIndexReportTest {
  static final long MIB = 1024 * 1024;
  static final String WAYS = "planet_osm_ways";
  static final String RELS = "planet_osm_rels";
  static final String BUCKET = "planet_osm_ways_nodes_bucket_idx";

  @TempDir Path root;

  @Test
  void showsBothHalvesOfUnloggedAndEachIndexBuilt() throws Exception {
    Path runDir = root.resolve("results/unlogged/run");
    try (ResultStore store = ResultStore.create(runDir, List.of("unlogged"))) {
      store.writeRun(
          new ObjectMapper()
              .readValue(
                  """
                  {"scenario": {"name": "unlogged", "repeat": 2, "warmup": 0,
                    "cells": [{"label": "logged"}, {"label": "unlogged"}],
                    "steps": ["create", "copy", "set_logged", "indexes"]}}
                  """,
                  RunManifest.class));
      for (int rep = 1; rep <= 2; rep++) {
        double d = (rep - 1) * 0.2;
        store.append(step("logged", rep, WAYS, "copy", 2.0 + d, 10 * MIB, null));
        store.append(step("unlogged", rep, WAYS, "copy", 1.0 + d, 0L, null));
        store.append(step("unlogged", rep, WAYS, "set_logged", 1.5 + d, 10 * MIB, 0L));
        store.append(index("logged", rep, WAYS, 0.5 + d, BUCKET, MIB));
        for (String index : List.of("node", "way")) {
          store.append(
              index(
                  "logged", rep, RELS, 0.1, "planet_osm_rels_" + index + "_members_idx", MIB / 4));
        }
      }
      store.append(
          StepResult.failed(
              "r",
              "unlogged",
              new StepKey("17.6", "unlogged", 1, WAYS, StepKind.INDEXES, BUCKET),
              Map.of(),
              Measurements.timed(0.1).build(),
              "ERROR: out of memory"));
    }
    String report = ReportText.markdown(runDir);

    assertThat(report)
        .contains("**UNLOGGED, then SET LOGGED:**")
        .contains("| logged | ways | 2.10 (2.00–2.20) | – | 2.10 (2.00–2.20) | 10.0 | – | – |")
        .contains(
            "| unlogged | ways | 1.10 (1.00–1.20) ⚠ | 1.60 (1.50–1.70) | 2.70 (2.50–2.90) ⚠ | 0 |"
                + " 10.0 | 0% |")
        .contains("**Index builds after the load**")
        .contains("| logged | ways | " + BUCKET + " | 0.600 (0.500–0.700) ⚠ | 1.00 |")
        .contains("|  | rels | planet_osm_rels_node_members_idx | 0.100 (0.100–0.100) | 0.250 |")
        .contains("|  | rels | planet_osm_rels_way_members_idx | 0.100 (0.100–0.100) | 0.250 |")
        .contains("| unlogged | ways | " + BUCKET + " | failed | – |")
        .contains(
            "· unlogged · repetition 1 · ways · indexes " + BUCKET + ": `ERROR: out of memory`");
    // the timings table sums a table's index builds per repetition
    assertThat(
            MarkdownTable.after(report, "## PostgreSQL 17.6", 0).get("logged", "indexes", "rels"))
        .isEqualTo("0.200 (0.200–0.200)");
  }

  private static StepResult step(
      String cell, int rep, String table, String step, double seconds, Long wal, Long frozen) {
    return result(cell, rep, table, step, seconds, wal, frozen, null, null);
  }

  /** An index built after the load: its build time, its name and its size. */
  private static StepResult index(
      String cell, int rep, String table, double seconds, String index, Long bytes) {
    return result(cell, rep, table, "indexes", seconds, 0L, null, index, bytes);
  }

  private static StepResult result(
      String cell,
      int rep,
      String table,
      String step,
      double seconds,
      Long wal,
      Long frozen,
      String object,
      Long objectBytes) {
    return StepResult.ok(
        "r",
        "unlogged",
        new StepKey("17.6", cell, rep, table, StepKind.named(step), object),
        Map.of("unlogged", String.valueOf(cell.equals("unlogged"))),
        Measurements.timed(seconds)
            .walBytes(wal)
            .table(100 * 8192L, 100L, frozen)
            .objectBytes(objectBytes)
            .build());
  }
}
