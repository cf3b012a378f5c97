package org.pgloadbench.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.results.Measurements;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.results.StepKey;
import org.pgloadbench.results.StepResult;

/** Writes a run directory the way the harness does, with values chosen to be checked. */
final class RunFixture implements AutoCloseable {
  static final String SCENARIO = "ways-freeze";
  static final String RUN_ID = "20261129-213000";
  static final String TEXT = "text+no-freeze+pk-first";
  static final String BINARY = "binary+freeze+pk-later";
  static final String WAYS = "planet_osm_ways";
  static final String RELS = "planet_osm_rels";

  static final String RUN_JSON =
      """
      {
        "run_id": "20261129-213000",
        "scenario": {
          "name": "ways-freeze",
          "description": "Ways and relations: COPY vs COPY FREEZE.",
          "dataset": {"kind": "osm-synthetic", "rows": {"ways": 1000, "rels": 200}, "seed": 42},
          "repeat": 3,
          "warmup": 1,
          "axes": ["format", "freeze", "pk"],
          "cells": [{"label": "text+no-freeze+pk-first"}, {"label": "binary+freeze+pk-later"}],
          "steps": ["create", "copy", "primary_key", "vacuum"]
        },
        "environment": {
          "cpu_model": "AMD EPYC 7B13", "cpus": 2, "memory_bytes": 25000000000,
          "os": "Debian GNU/Linux 12 (bookworm), Linux 6.1.0", "java": "17.0.15",
          "harness_revision": "50fa8f1",
          "started": "2026-11-29T21:30:00Z", "ended": "2026-11-29T21:32:10Z"
        },
        "servers": [
          {"version": "16.9", "target": "embedded", "settings": {"max_wal_size": "1GB"}},
          {"version": "16.10", "target": "embedded", "settings": {}}
        ]
      }
      """;

  private final ResultStore store;

  private RunFixture(ResultStore store) {
    this.store = store;
  }

  static Path runDir(Path root) {
    return root.resolve("results").resolve(SCENARIO).resolve(RUN_ID);
  }

  static RunFixture create(Path root, String runJson) throws IOException {
    ResultStore store = ResultStore.create(runDir(root), List.of("format", "freeze", "pk"));
    store.writeRun(new ObjectMapper().readValue(runJson, RunManifest.class));
    return new RunFixture(store);
  }

  /**
   * The standard run: 16.10 measured before 16.9; on 16.9 the text cell's ways primary key fails in
   * repetition 2 (its vacuum then never runs); on 16.10 the binary cell's rels vacuum always fails.
   * Copy seconds on 16.9/text are chosen so that the median of sums (10) differs from the sum of
   * medians (4).
   */
  static Path standard(Path root) throws IOException {
    try (RunFixture run = create(root, RUN_JSON)) {
      for (String version : List.of("16.10", "16.9")) {
        for (String cell : List.of(TEXT, BINARY)) {
          for (int rep = 1; rep <= 3; rep++) {
            for (String table : List.of(WAYS, RELS)) {
              run.table(version, cell, rep, table);
            }
          }
        }
      }
    }
    return runDir(root);
  }

  private void table(String version, String cell, int rep, String table) throws IOException {
    boolean ways = table.equals(WAYS);
    boolean freeze = cell.equals(BINARY);
    boolean troubled = version.equals("16.9") && cell.equals(TEXT);
    long pages = ways ? 100 : 20;
    long bytes = pages * 8192;
    long frozenByCopy = freeze ? pages : 0;
    ok(version, cell, rep, table, "create", 0.01, null, null, null, null, null);

    double copy = ways ? 3.0 + rep : 1.0 + rep / 10.0;
    if (troubled) {
      copy = ways ? new double[] {1, 2, 9}[rep - 1] : new double[] {9, 1, 2}[rep - 1];
    }
    long rows = ways ? 1000 : 200;
    ok(version, cell, rep, table, "copy", copy, rows, 2 * bytes, bytes, pages, frozenByCopy);

    if (troubled && ways && rep == 2) {
      failed(
          version,
          cell,
          rep,
          table,
          "primary_key",
          0.05,
          "ERROR:  could not create unique index \"planet_osm_ways_pkey\"\n"
              + "DETAIL:  Key (id)=(42) is duplicated.");
      return;
    }
    double pk = troubled && ways ? 0.3 + 0.2 * rep : 0.5;
    ok(version, cell, rep, table, "primary_key", pk, null, null, bytes, pages, frozenByCopy);

    if (version.equals("16.10") && freeze && !ways) {
      failed(
          version,
          cell,
          rep,
          table,
          "vacuum",
          0.01,
          "ERROR:  canceling statement due to user request");
      return;
    }
    ok(version, cell, rep, table, "vacuum", freeze ? 0.002 : 0.2, null, 0L, bytes, pages, pages);
  }

  void ok(
      String version,
      String cell,
      int rep,
      String table,
      String step,
      double seconds,
      Long rows,
      Long wal,
      Long bytes,
      Long pages,
      Long frozen)
      throws IOException {
    store.append(
        StepResult.ok(
            RUN_ID,
            SCENARIO,
            new StepKey(version, cell, rep, table, StepKind.named(step), null),
            axes(cell),
            Measurements.timed(seconds)
                .rows(rows)
                .walBytes(wal)
                .table(bytes, pages, frozen)
                .build()));
  }

  void failed(
      String version, String cell, int rep, String table, String step, double seconds, String error)
      throws IOException {
    store.append(
        StepResult.failed(
            RUN_ID,
            SCENARIO,
            new StepKey(version, cell, rep, table, StepKind.named(step), null),
            axes(cell),
            Measurements.timed(seconds).build(),
            error));
  }

  /** The axis values a fixture cell label such as {@code text+no-freeze+pk-first} stands for. */
  private static Map<String, String> axes(String cell) {
    String[] axes = cell.split("\\+");
    return axes.length == 3
        ? Map.of("format", axes[0], "freeze", axes[1], "pk", axes[2])
        : Map.of();
  }

  @Override
  public void close() throws IOException {
    store.close();
  }
}
