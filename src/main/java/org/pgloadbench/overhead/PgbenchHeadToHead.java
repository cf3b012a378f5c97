package org.pgloadbench.overhead;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.pgloadbench.dataset.Dataset;
import org.pgloadbench.results.PgbenchPhases;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.scenario.Cell;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.scenario.ScenarioException;
import org.pgloadbench.server.PostgresServer;

/**
 * {@code pgbench -i -s N} against the harness's cells of the {@code pgbench-init} scenario (its
 * pgbench-equivalent cell, its binary COPY cell) on the same server, phase by phase, alternating
 * round after round. pgbench times its own phases; the harness's runner times its steps, grouped
 * into pgbench's phases. Each harness load is one ordinary run of the scenario restricted to one
 * cell, its results kept under the head-to-head's results directory.
 */
public final class PgbenchHeadToHead {
  /** Rows of pgbench_accounts per unit of pgbench's scale factor. */
  static final long ACCOUNTS_PER_SCALE = 100_000;

  /**
   * One load by one contender: seconds per pgbench phase and {@code total}, or why it failed.
   *
   * @param contender {@code pgbench} or a cell's label
   */
  public record Phases(String contender, int round, Map<String, Double> seconds, String error) {
    public boolean ok() {
      return error == null;
    }
  }

  private final PostgresServer server;
  private final Scenario scenario;
  private final List<Cell> cells;
  private final int repeat;
  private final int warmup;
  private final Path resultsDir;
  private final PrintWriter progress;
  private final PgbenchInit pgbench = new PgbenchInit();

  public PgbenchHeadToHead(
      PostgresServer server,
      Scenario scenario,
      List<Cell> cells,
      int repeat,
      int warmup,
      Path resultsDir,
      PrintWriter progress) {
    this.server = server;
    this.scenario = scenario;
    this.cells = List.copyOf(cells);
    this.repeat = repeat;
    this.warmup = warmup;
    this.resultsDir = resultsDir;
    this.progress = progress;
  }

  /** Why this head-to-head cannot run here, or null. */
  public String missing() {
    return pgbench.missing();
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

  public List<Phases> run()
      throws SQLException, IOException, InterruptedException, ScenarioException {
    Dataset dataset = scenario.dataset().open(resultsDir, progress::println);
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
    List<String> contenders = new ArrayList<>(List.of(PgbenchInit.NAME));
    cells.forEach(c -> contenders.add(c.label()));
    List<Phases> all = new ArrayList<>();
    try (PgClient client = PgClient.of(server, HeadToHead.DATABASE)) {
      for (int round = 1 - warmup; round <= repeat; round++) {
        for (int i = 0; i < contenders.size(); i++) {
          int which = Math.floorMod(i + round, contenders.size());
          Phases phases =
              which == 0
                  ? pgbench(client, scale, round)
                  : harness(dataset, cells.get(which - 1), round);
          progress.println(line(phases));
          progress.flush();
          if (round >= 1) {
            all.add(phases);
          }
        }
      }
    }
    return all;
  }

  private Phases pgbench(PgClient client, long scale, int round) throws SQLException {
    Fresh.database(server, HeadToHead.DATABASE);
    try {
      return new Phases(PgbenchInit.NAME, round, pgbench.run(client, scale), null);
    } catch (IOException e) {
      return new Phases(PgbenchInit.NAME, round, Map.of(), HeadToHead.oneLine(e));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Phases(PgbenchInit.NAME, round, Map.of(), "interrupted");
    }
  }

  private Phases harness(Dataset dataset, Cell cell, int round)
      throws IOException, ScenarioException {
    List<StepResult> steps = CellLoad.run(server, scenario, dataset, cell, round, resultsDir);
    Map<String, Double> phases = new LinkedHashMap<>();
    double total = 0;
    for (StepResult step : steps) {
      if (!step.ok()) {
        return new Phases(cell.label(), round, Map.of(), step.step() + ": " + step.error());
      }
      phases.merge(PgbenchPhases.phase(step.step()), step.seconds(), Double::sum);
      total += step.seconds();
    }
    phases.put("total", total);
    return new Phases(cell.label(), round, phases, null);
  }

  private static String line(Phases p) {
    return String.format(
        Locale.ROOT,
        "pgbench -i  %-28s %s  %s",
        p.contender(),
        p.round() < 1 ? "warm-up" : "round " + p.round(),
        p.ok()
            ? String.format(Locale.ROOT, "%.3f s", p.seconds().get("total"))
            : "FAILED: " + p.error());
  }
}
