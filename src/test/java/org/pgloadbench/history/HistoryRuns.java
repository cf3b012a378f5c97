package org.pgloadbench.history;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.results.Measurements;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.results.ServerRun;
import org.pgloadbench.results.StepKey;
import org.pgloadbench.results.StepResult;

/**
 * Test fixture: runs of a two-cell scenario written with the real ResultStore, one a day, each with
 * two tables, two steps and three repetitions, every step's seconds 1 × the run's factor for the
 * cell, with 2% lognormal noise (seeded).
 */
public final class HistoryRuns {
  public static final String SCENARIO = "two-cells";
  public static final List<String> CELLS = List.of("binary", "text");
  public static final List<String> TABLES = List.of("nodes", "ways");
  public static final List<StepKind> STEPS = List.of(StepKind.COPY, StepKind.PRIMARY_KEY);
  public static final int REPETITIONS = 3;
  static final Instant FIRST = Instant.parse("2026-01-01T10:00:00Z");
  private static final DateTimeFormatter RUN_ID =
      DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

  /** How much slower than usual a cell is in a run (1 = as usual). */
  @FunctionalInterface
  public interface Factor {
    double of(int run, String cell);
  }

  private HistoryRuns() {}

  /** The id of the {@code run}th run (from 0). */
  public static String id(int run) {
    return RUN_ID.format(FIRST.plus(run, ChronoUnit.DAYS));
  }

  /**
   * Writes {@code runs} runs under {@code results/two-cells/}; the harness revision changes at run
   * {@code newHarnessAt} (never when beyond the last).
   */
  public static void write(Path results, int runs, Factor factor, int newHarnessAt, long seed)
      throws IOException {
    Random random = new Random(seed);
    for (int run = 0; run < runs; run++) {
      String id = id(run);
      try (ResultStore store =
          ResultStore.create(results.resolve(SCENARIO).resolve(id), List.of("format"))) {
        store.writeRun(manifest(id, run, run >= newHarnessAt ? "v2" : "v1"));
        for (int rep = 1; rep <= REPETITIONS; rep++) {
          for (String cell : CELLS) {
            for (String table : TABLES) {
              for (StepKind step : STEPS) {
                double seconds = factor.of(run, cell) * Math.exp(0.02 * random.nextGaussian());
                store.append(
                    StepResult.ok(
                        id,
                        SCENARIO,
                        new StepKey("17", cell, rep, table, step, null),
                        Map.of("format", cell),
                        Measurements.timed(seconds).build()));
              }
            }
          }
        }
      }
    }
  }

  private static RunManifest manifest(String id, int run, String harness) {
    Instant started = FIRST.plus(run, ChronoUnit.DAYS);
    RunManifest.Resolved scenario =
        new RunManifest.Resolved(
            SCENARIO,
            null,
            null,
            null,
            null,
            null,
            REPETITIONS,
            0,
            List.of("format"),
            CELLS.stream()
                .map(c -> new RunManifest.CellRun(c, Map.of("format", c), "default"))
                .toList(),
            STEPS,
            null,
            null,
            null);
    RunManifest.Machine machine =
        new RunManifest.Machine(
            "Test CPU",
            8,
            16L << 30,
            "Linux 6.8",
            "17.0.1",
            harness,
            started.toString(),
            started.plusSeconds(60).toString(),
            null);
    ServerRun server =
        new ServerRun(
            "17",
            "17",
            "default",
            "embedded",
            new java.util.LinkedHashMap<>(Map.of("version_string", "PostgreSQL 17.6 on x86_64")),
            Map.of("max_wal_size", "4GB"),
            null,
            null);
    return new RunManifest(id, scenario, machine, List.of(server), null, RunManifest.ROUNDS, null, null, null, null, null, null);
  }
}
