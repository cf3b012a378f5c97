package org.pgloadbench.run;

import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import org.pgloadbench.dataset.Dataset;
import org.pgloadbench.dataset.Dataset.Table;
import org.pgloadbench.metrics.ServerProbe;
import org.pgloadbench.metrics.ServerProbe.TableState;
import org.pgloadbench.recipe.Recipe;
import org.pgloadbench.recipe.Step;
import org.pgloadbench.recipe.TableLoad;
import org.pgloadbench.results.PgbenchPhases;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.scenario.Cell;
import org.pgloadbench.scenario.DatasetSpec;
import org.pgloadbench.scenario.LoaderKind;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.scenario.ScenarioException;
import org.pgloadbench.server.EmbeddedTarget;
import org.pgloadbench.server.Environment;
import org.pgloadbench.server.PostgresServer;
import org.pgloadbench.server.ServerException;
import org.pgloadbench.server.ServerTarget;
import org.pgloadbench.server.SettingsProfile;

/**
 * Runs a scenario: for each server version and each settings profile, a server start, one
 * unmeasured warm-up load, then every cell of that profile, repetition after repetition (cells
 * interleaved, so that drift over time spreads over all of them), each on a fresh database. The
 * runner owns the clock: it times every step of every table and samples the server around it, and
 * stores each result as soon as it is measured. A step that fails is stored as failed with the
 * server's error, and the run goes on with the next repetition.
 */
public final class Runner {
  static final String DATABASE = "pgloadbench";

  private final Scenario scenario;
  private final Dataset dataset;
  private final ServerTarget target;
  private final ResultStore store;
  private final Progress progress;
  private final String runId;
  private final RunRecord record;
  private int failures;

  /**
   * Set when the JVM starts shutting down (Ctrl-C): the servers' own hooks are stopping them, so no
   * further load starts, and a load cut short by that is not stored as a failure of PostgreSQL.
   */
  private volatile boolean stopping;

  /** A runner whose dataset caches decoded files under the default work root. */
  public Runner(
      Scenario scenario, ServerTarget target, ResultStore store, Progress progress, String runId)
      throws IOException, ScenarioException {
    this(
        scenario,
        Dataset.of(scenario.dataset(), EmbeddedTarget.defaultWorkRoot(), progress::note),
        target,
        store,
        progress,
        runId);
  }

  /** {@code dataset} is the scenario's, prepared (a PBF file decoded) before any clock starts. */
  public Runner(
      Scenario scenario,
      Dataset dataset,
      ServerTarget target,
      ResultStore store,
      Progress progress,
      String runId) {
    this.scenario = scenario;
    this.dataset = dataset;
    this.target = target;
    this.store = store;
    this.progress = progress;
    this.runId = runId;
    this.record = new RunRecord(runId, scenario, Environment.host(), Instant.now());
    record.datasetShape(dataset.shape());
  }

  /** Runs everything; returns the number of failed steps (0 when all went well). */
  public int run() throws IOException {
    Thread onShutdown = new Thread(() -> stopping = true, "pgloadbench-stop-runner");
    Runtime.getRuntime().addShutdownHook(onShutdown);
    try {
      long profiles = scenario.cells().stream().map(c -> c.variant().settings()).distinct().count();
      progress.begin(
          (int)
              (scenario.servers().versions().size()
                  * (profiles * scenario.warmup() + scenario.repeat() * scenario.cells().size())));
      runAll();
    } finally {
      progress.end();
      try {
        Runtime.getRuntime().removeShutdownHook(onShutdown);
      } catch (IllegalStateException shuttingDown) {
        // the hook has run
      }
    }
    return failures;
  }

  private void runAll() throws IOException {
    store.writeRun(record.toJson());
    Map<SettingsProfile, List<Cell>> byProfile = new LinkedHashMap<>();
    for (Cell cell : scenario.cells()) {
      byProfile.computeIfAbsent(cell.variant().settings(), p -> new ArrayList<>()).add(cell);
    }
    for (String version : scenario.servers().versions()) {
      for (Map.Entry<SettingsProfile, List<Cell>> profile : byProfile.entrySet()) {
        if (stopping) {
          return;
        }
        runProfile(version, profile.getKey(), profile.getValue());
      }
    }
  }

  /**
   * One server start: the profile's settings, the scenario's own on top of them, and the cells of
   * that profile.
   */
  private void runProfile(String version, SettingsProfile profile, List<Cell> cells)
      throws IOException {
    Map<String, String> settings = new LinkedHashMap<>(profile.settings(Environment.memoryBytes()));
    settings.putAll(scenario.settings());
    try (PostgresServer server = target.start(version, settings)) {
      try (Connection c = server.connect(PostgresServer.MAINTENANCE_DATABASE)) {
        record.addServer(
            server.version(),
            profile.profileName(),
            scenario.servers().target(),
            Environment.nonDefaultSettings(c));
      }
      store.writeRun(record.toJson());
      runOn(server, cells);
    } catch (ServerException | SQLException e) {
      if (stopping) {
        return;
      }
      progress.note("PostgreSQL " + version + profileNote(profile) + ": " + oneLine(e));
      String error =
          profileNote(profile).isEmpty() ? oneLine(e) : "profile " + profile + ": " + oneLine(e);
      store.append(
          StepResult.failed(
              runId, scenario.name(), version, "-", Map.of(), 0, "-", "server", 0, error));
      failures++;
    }
    record.end(Instant.now());
    store.writeRun(record.toJson());
  }

  private String profileNote(SettingsProfile profile) {
    boolean several =
        scenario.cells().stream().map(c -> c.variant().settings()).distinct().count() > 1;
    return several || profile != SettingsProfile.DEFAULTS ? " (" + profile + ")" : "";
  }

  private void runOn(PostgresServer server, List<Cell> cells) throws IOException {
    Cell first = cells.get(0);
    for (int i = 1; i <= scenario.warmup(); i++) {
      List<StepResult> warmup = load(server, first, 0);
      if (stopping) {
        return;
      }
      progress.loadEnded(
          String.format(
              Locale.ROOT,
              "PostgreSQL %s%s  warm-up (%s)  %.2f s%s",
              server.version(),
              profileNote(first.variant().settings()),
              first.label(),
              seconds(warmup),
              failureNote(warmup)),
          failureNote(warmup).isEmpty());
    }
    // pgbench's own lines after each load, and their average per cell at the end
    boolean pgbench = scenario.dataset().kind().equals(DatasetSpec.PGBENCH);
    Map<String, List<Double>> totals = new LinkedHashMap<>();
    for (int repetition = 1; repetition <= scenario.repeat(); repetition++) {
      for (Cell cell : cells) {
        List<StepResult> steps = load(server, cell, repetition);
        if (stopping) {
          return;
        }
        for (StepResult step : steps) {
          store.append(step);
          failures += step.ok() ? 0 : 1;
        }
        progress.loadEnded(
            String.format(
                Locale.ROOT,
                "PostgreSQL %s  %-28s  rep %d/%d  %.2f s%s",
                server.version(),
                cell.label(),
                repetition,
                scenario.repeat(),
                seconds(steps),
                failureNote(steps)),
            failureNote(steps).isEmpty());
        if (pgbench) {
          progress.note(PgbenchPhases.line(steps));
          if (steps.stream().allMatch(StepResult::ok)) {
            totals.computeIfAbsent(cell.label(), c -> new ArrayList<>()).add(seconds(steps));
          }
        }
      }
    }
    totals.forEach(
        (cell, loads) ->
            progress.note(
                "PostgreSQL "
                    + server.version()
                    + "  "
                    + cell
                    + "  "
                    + PgbenchPhases.average(loads)));
  }

  /** One load of every table of a cell on a fresh database; stops at the first failed step. */
  private List<StepResult> load(PostgresServer server, Cell cell, int repetition) {
    List<StepResult> results = new ArrayList<>();
    List<Connection> connections = new ArrayList<>();
    try {
      freshDatabase(server);
      Properties properties = new Properties();
      if (cell.variant().loader() == LoaderKind.BATCH_REWRITE) {
        properties.setProperty("reWriteBatchedInserts", "true");
      }
      for (int i = 0; i < cell.variant().connections(); i++) {
        connections.add(server.connect(DATABASE, properties));
      }
      Connection main = connections.get(0);
      ServerProbe probe = ServerProbe.install(main);
      long walPosition = probe.walInsertPosition(main);
      for (Table table : dataset.tables(cell.variant())) {
        TableLoad load = new TableLoad(table.def(), table.rows(), cell.variant(), connections);
        for (Step step : Recipe.of(scenario.steps(), cell.variant(), table.def())) {
          progress.stepStarting(server.version(), cell.label(), table.def().name(), step.name());
          StepResult result = measure(server, cell, repetition, load, step, probe, walPosition);
          results.add(result);
          if (!result.ok()) {
            return results;
          }
          walPosition += result.walBytes();
        }
      }
    } catch (SQLException e) {
      results.add(failed(server.version(), cell, repetition, "-", "prepare", 0, e));
    } finally {
      for (Connection c : connections) {
        try {
          c.close();
        } catch (SQLException e) {
          // the database is dropped before the next load anyway
        }
      }
    }
    return results;
  }

  private StepResult measure(
      PostgresServer server,
      Cell cell,
      int repetition,
      TableLoad load,
      Step step,
      ServerProbe probe,
      long walBefore)
      throws SQLException {
    Connection c = load.connection();
    long start = System.nanoTime();
    long rows;
    try {
      rows = step.run(load);
    } catch (SQLException | RuntimeException e) {
      double seconds = (System.nanoTime() - start) / 1e9;
      if (!c.getAutoCommit()) {
        c.rollback();
        c.setAutoCommit(true);
      }
      return failed(
              server.version(), cell, repetition, load.table().name(), step.name(), seconds, e)
          .withObject(step.object(), null);
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    ServerProbe.After after = probe.after(c, load.table().name(), step.object());
    TableState state = after.table();
    return new StepResult(
        runId,
        scenario.name(),
        server.version(),
        cell.label(),
        cell.axes(),
        repetition,
        load.table().name(),
        step.name(),
        StepResult.OK,
        seconds,
        rows == Step.NO_ROWS ? null : rows,
        after.walPosition() - walBefore,
        state == null ? null : state.bytes(),
        state == null ? null : state.pages(),
        state == null ? null : state.frozenPages(),
        null,
        step.object(),
        after.objectBytes());
  }

  /**
   * Drops and recreates the benchmark database and checkpoints, so that every load starts from the
   * same state and no load pays for the previous one's dirty buffers.
   */
  private static void freshDatabase(PostgresServer server) throws SQLException {
    try (Connection c = server.connect(PostgresServer.MAINTENANCE_DATABASE);
        Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + DATABASE);
      s.execute("CREATE DATABASE " + DATABASE);
      s.execute("CHECKPOINT");
    }
  }

  /** A failed step, or a server that failed to start when {@code cell} is null. */
  private StepResult failed(
      String version,
      Cell cell,
      int repetition,
      String table,
      String step,
      double seconds,
      Exception e) {
    return StepResult.failed(
        runId,
        scenario.name(),
        version,
        cell == null ? "-" : cell.label(),
        cell == null ? Map.of() : cell.axes(),
        repetition,
        table,
        step,
        seconds,
        oneLine(e));
  }

  private static double seconds(List<StepResult> steps) {
    return steps.stream().mapToDouble(StepResult::seconds).sum();
  }

  private static String failureNote(List<StepResult> steps) {
    return steps.stream()
        .filter(s -> !s.ok())
        .findFirst()
        .map(
            s ->
                "  FAILED at "
                    + s.table()
                    + " "
                    + s.step()
                    + (s.object() == null ? "" : " " + s.object())
                    + ": "
                    + s.error())
        .orElse("");
  }

  /** An error as one line: the server's message with its SQLSTATE, no stack trace. */
  static String oneLine(Exception e) {
    String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    if (e instanceof SQLException sql && sql.getSQLState() != null) {
      message = message + " [SQLSTATE " + sql.getSQLState() + "]";
    }
    return message.replaceAll("\\s+", " ").strip();
  }
}
