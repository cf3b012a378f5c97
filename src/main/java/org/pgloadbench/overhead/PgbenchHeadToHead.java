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
import org.pgloadbench.dataset.PgbenchDataset;
import org.pgloadbench.metrics.Clock;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.results.Measurements;
import org.pgloadbench.results.StepKey;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.run.Fresh;
import org.pgloadbench.scenario.Cell;
import org.pgloadbench.scenario.Overrides;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.scenario.ScenarioException;
import org.pgloadbench.scenario.ScenarioFiles;
import org.pgloadbench.scenario.ScenarioLoader;
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

  /** pgbench's default -s 1 generates for about a tenth of a second, close to its clock's 10 ms. */
  public static final int DEFAULT_SCALE = 10;

  /**
   * Pair 2 of the overhead run: {@code pgbench -i -s scale} against the pgbench-equivalent cell
   * (text COPY FREEZE, primary keys after, one connection) and the binary cell of scenario {@code
   * name} (a name or file, or {@code none}), its rows scaled to pgbench's, on the streamed COPY's
   * server; its loads into {@code results}, the dataset's cache under {@code workRoot}.
   */
  public static PairResult pair(
      String name,
      Path scenarios,
      int scale,
      Path workRoot,
      PostgresServer server,
      OverheadResults results,
      PrintWriter out)
      throws ScenarioException {
    PairResult unavailable =
        PairResult.unavailable(name, scenarios, () -> new PgbenchInit().missing());
    if (unavailable != null) {
      return unavailable;
    }
    Scenario s = ScenarioLoader.load(ScenarioFiles.resolve(name, scenarios));
    Cell equivalent = cell(s, "text");
    Cell binary = cell(s, "binary");
    if (equivalent == null) {
      return PairResult.skipped(name + " has no text+freeze+pk-later cell on one connection");
    }
    List<Cell> cells = binary == null ? List.of(equivalent) : List.of(equivalent, binary);
    try {
      new PgbenchHeadToHead(server, scaled(s, scale), cells, workRoot, results, out).run();
      String other = binary == null ? null : binary.label();
      return new PairResult(
          List.of(PgbenchInit.NAME + " -s " + scale + " against the cells of scenario " + s.name()),
          new PgbenchReport(server.version(), equivalent.label(), other),
          null);
    } catch (IOException | SQLException e) {
      // pair 1 is measured already: say why pgbench could not be compared, keep the rest
      return PairResult.skipped(e.getMessage());
    }
  }

  /** The scenario with as many accounts as {@code pgbench -i -s scale} loads. */
  private static Scenario scaled(Scenario s, int scale) throws ScenarioException {
    long accounts = s.dataset() instanceof PgbenchDataset.Spec pgbench ? pgbench.accounts() : 0;
    return accounts == 0
        ? s
        : s.withOverrides(
            Overrides.NONE.with(
                Overrides.SCALE, (double) scale * ACCOUNTS_PER_SCALE / accounts));
  }

  private static Cell cell(Scenario s, String format) {
    return cell(s, Map.of("format", format, "freeze", "true", "pk", "later", "connections", "1"));
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
      return List.of(results.step(key(round, StepKind.IMPORT), axes, timed, null, null));
    }
    return timed.value().entrySet().stream()
        .map(
            phase ->
                results.step(
                    key(round, phase.getKey()),
                    axes,
                    Measurements.timed(phase.getValue()).build(),
                    null))
        .toList();
  }

  private StepKey key(int round, StepKind step) {
    return new StepKey(server.version(), PgbenchInit.NAME, round, ALL_TABLES, step, null);
  }
}
