package org.pgloadbench.overhead;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.pgloadbench.dataset.PgbenchDataset;
import org.pgloadbench.scenario.Cell;
import org.pgloadbench.scenario.Overrides;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.scenario.ScenarioException;
import org.pgloadbench.scenario.ScenarioFiles;
import org.pgloadbench.scenario.ScenarioLoader;
import org.pgloadbench.server.PostgresServer;

/**
 * Pair 2 of the overhead run: {@code pgbench -i} against a pgbench scenario's pgbench-equivalent
 * cell (text COPY FREEZE, primary keys after, one connection) and its binary cell, on the server of
 * pair 1.
 *
 * @param scenario the scenario's name or file, or {@code none}
 * @param scale pgbench's {@code -s}: the scenario's rows are scaled to it
 * @param workRoot where the scenario's dataset may cache what it prepares
 */
public record PgbenchPair(String scenario, Path scenarios, int scale, Path workRoot) {
  public static final String NAME = "pgbench -i";

  /** pgbench's default -s 1 generates for about a tenth of a second, close to its clock's 10 ms. */
  public static final int DEFAULT_SCALE = 10;

  /** Runs it on the streamed COPY's server, its loads into {@code results}. */
  public PairResult run(PostgresServer server, OverheadResults results, PrintWriter out)
      throws ScenarioException {
    if (scenario.equals("none")) {
      return PairResult.none();
    }
    if (new PgbenchInit().missing() != null) {
      return PairResult.skipped(new PgbenchInit().missing());
    }
    if (!Files.exists(scenarios.resolve(scenario + ".yaml")) && !Files.exists(Path.of(scenario))) {
      return PairResult.skipped("no scenario " + scenario + " to compare it with");
    }
    Scenario s = ScenarioLoader.load(ScenarioFiles.resolve(scenario, scenarios));
    Cell equivalent = cell(s, "text");
    Cell binary = cell(s, "binary");
    if (equivalent == null) {
      return PairResult.skipped(scenario + " has no text+freeze+pk-later cell on one connection");
    }
    List<Cell> cells = binary == null ? List.of(equivalent) : List.of(equivalent, binary);
    try {
      new PgbenchHeadToHead(server, scaled(s), cells, workRoot, results, out).run();
      String version = server.version();
      String other = binary == null ? null : binary.label();
      return new PairResult(
          List.of(NAME + " -s " + scale + " against the cells of scenario " + s.name()),
          new PgbenchReport(version, equivalent.label(), other),
          null);
    } catch (IOException | java.sql.SQLException e) {
      // pair 1 is measured already: say why pgbench could not be compared, keep the rest
      return PairResult.skipped(e.getMessage());
    }
  }

  /** The scenario with as many accounts as {@code pgbench -i -s scale} loads. */
  private Scenario scaled(Scenario s) throws ScenarioException {
    long accounts = s.dataset() instanceof PgbenchDataset.Spec pgbench ? pgbench.accounts() : 0;
    return accounts == 0
        ? s
        : s.withOverrides(
            Overrides.NONE.with(
                Overrides.SCALE,
                (double) scale * PgbenchHeadToHead.ACCOUNTS_PER_SCALE / accounts));
  }

  private static Cell cell(Scenario s, String format) {
    return PgbenchHeadToHead.cell(
        s, Map.of("format", format, "freeze", "true", "pk", "later", "connections", "1"));
  }
}
