package org.pgloadbench.overhead;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pgloadbench.dataset.Dataset;
import org.pgloadbench.metrics.Clock;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.results.Measurements;
import org.pgloadbench.results.StepKey;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.run.Fresh;
import org.pgloadbench.run.Load;
import org.pgloadbench.scenario.Cell;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.scenario.ScenarioException;
import org.pgloadbench.server.PostgresServer;

/**
 * {@code pgbench -i -s N} against the harness's cells of the {@code pgbench-init} scenario (its
 * pgbench-equivalent cell, its binary COPY cell) on the same server, alternating round after round
 * ({@link OverheadResults#alternate}), pgbench into a fresh database ({@link Fresh}). pgbench times
 * its own phases, each stored as the step it is on the table {@value #ALL_TABLES} (a phase spans
 * pgbench's four tables); a failed pgbench as its {@code import}. Each harness load is one ordinary
 * run of the scenario restricted to one cell ({@link CellLoad}), its steps timed by the runner.
 */
public record PgbenchHeadToHead(
    PostgresServer server,
    Scenario scenario,
    List<Cell> cells,
    Path workRoot,
    OverheadResults results,
    PrintWriter progress) {
  /** Rows of pgbench_accounts per unit of pgbench's scale factor. */
  static final long ACCOUNTS_PER_SCALE = 100_000;

  /** The table pgbench's phases are stored on: each spans its four tables. */
  static final String ALL_TABLES = "all";

  public PgbenchHeadToHead {
    cells = List.copyOf(cells);
  }

  /** Why this head-to-head cannot run here, or null. */
  public String missing() {
    return new PgbenchInit().missing();
  }

  /** The cell of the scenario with these axis values (others at their defaults), or null. */
  public static Cell cell(Scenario scenario, Map<String, String> wanted) {
    return scenario.cells().stream()
        .filter(
            c ->
                wanted.entrySet().stream()
                    .allMatch(
                        w -> w.getValue().equals(c.axes().getOrDefault(w.getKey(), w.getValue()))))
        .findFirst()
        .orElse(null);
  }

  public void run() throws SQLException, IOException, ScenarioException {
    Dataset dataset = scenario.dataset().open(workRoot, progress::println);
    long accounts =
        dataset.tables(cells.get(0).variant()).stream()
            .filter(t -> t.def().name().equals("pgbench_accounts"))
            .findFirst()
            .orElseThrow(() -> new IOException(scenario.name() + " loads no pgbench_accounts"))
            .rows()
            .rows();
    if (accounts % ACCOUNTS_PER_SCALE != 0) {
      throw new IOException(
          "pgbench -i loads whole scales of 100,000 accounts; the harness would load "
              + accounts
              + ": give a SCALE that keeps them whole");
    }
    long scale = accounts / ACCOUNTS_PER_SCALE;
    CellLoad harness = new CellLoad(server, scenario, dataset, results);
    Map<String, Cell> byLabel = new LinkedHashMap<>();
    cells.forEach(c -> byLabel.put(c.label(), c));
    List<String> contenders = new ArrayList<>(List.of(PgbenchInit.NAME));
    contenders.addAll(byLabel.keySet());
    try (PgClient client = PgClient.of(server, HeadToHead.DATABASE)) {
      results.alternate(
          contenders,
          (contender, round) ->
              contender.equals(PgbenchInit.NAME)
                  ? pgbench(client, scale, round)
                  : harness.run(byLabel.get(contender), round),
          progress);
    }
  }

  private List<StepResult> pgbench(PgClient client, long scale, int round) throws SQLException {
    PgbenchInit pgbench = new PgbenchInit();
    Fresh.database(server, HeadToHead.DATABASE);
    Clock.Timed<Map<StepKind, Double>> timed = Clock.time(() -> pgbench.run(client, scale));
    Map<String, String> axes = OverheadResults.axes(PgbenchInit.NAME, Map.of());
    if (!timed.ok()) {
      return List.of(
          results.step(
              key(round, StepKind.IMPORT),
              axes,
              OverheadResults.measured(timed, null),
              Load.oneLine(timed.error())));
    }
    List<StepResult> steps = new ArrayList<>();
    timed
        .value()
        .forEach(
            (step, seconds) ->
                steps.add(
                    results.step(
                        key(round, step), axes, Measurements.timed(seconds).build(), null)));
    return steps;
  }

  private StepKey key(int round, StepKind step) {
    return new StepKey(server.version(), PgbenchInit.NAME, round, ALL_TABLES, step, null);
  }
}
