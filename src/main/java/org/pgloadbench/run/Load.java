package org.pgloadbench.run;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;
import org.pgloadbench.dataset.Dataset;
import org.pgloadbench.dataset.Dataset.Table;
import org.pgloadbench.metrics.Clock;
import org.pgloadbench.metrics.InstructionCounter;
import org.pgloadbench.metrics.ServerProbe;
import org.pgloadbench.metrics.ServerProbe.TableState;
import org.pgloadbench.metrics.StatIo;
import org.pgloadbench.metrics.SyncWaits;
import org.pgloadbench.recipe.Recipe;
import org.pgloadbench.recipe.Step;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.recipe.TableLoad;
import org.pgloadbench.results.Measurements;
import org.pgloadbench.results.StepKey;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.scenario.Cell;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.server.PostgresServer;
import org.pgloadbench.variant.LoaderKind;

/**
 * One load of every table of a cell from a fresh start (no table, then a CHECKPOINT), each step
 * timed here (steps never read the clock) and the server sampled around it. What the server does
 * not allow (CHECKPOINT without the right role, an extension it cannot install, a step the role may
 * not run) is told to {@code missing} as {@code "what: why"}, and the load goes on without it; such
 * a step is not stored.
 */
public final class Load {
  /** Told once per server counted under valgrind whose scenario has a checkpoint step. */
  static final String CHECKPOINT_NOT_COUNTED =
      "instructions: not counted for checkpoint, whose work the checkpointer process does";

  private final Scenario scenario;
  private final Dataset dataset;
  private final String runId;
  private final BiConsumer<String, String> missing;
  private final BiConsumer<String, String> notAllowed;
  private final Progress progress;

  /** The SQLSTATE of a connection to a database that does not exist. */
  private static final String NO_DATABASE = "3D000";

  /** The servers whose load database this run made: their later loads only empty it. */
  private final Set<PostgresServer> made = Collections.newSetFromMap(new IdentityHashMap<>());

  Load(
      Scenario scenario,
      Dataset dataset,
      String runId,
      BiConsumer<String, String> missing,
      BiConsumer<String, String> notAllowed,
      Progress progress) {
    this.scenario = scenario;
    this.dataset = dataset;
    this.runId = runId;
    this.missing = missing;
    this.notAllowed = notAllowed;
    this.progress = progress;
  }

  /**
   * Runs the load; stops at the first failed step, which is the last result. {@code label} names
   * the server in results: its version, or a control's label.
   */
  List<StepResult> run(PostgresServer server, String label, Cell cell, int repetition) {
    List<StepResult> results = new ArrayList<>();
    List<Connection> connections = new ArrayList<>();
    StandbyWatch standby = null;
    try {
      freshDatabase(server, label);
      // pgjdbc rewrites JDBC batches into multi-row INSERTs only when the connection says so
      Properties properties = new Properties();
      if (cell.variant().loader() == LoaderKind.BATCH_REWRITE) {
        properties.setProperty("reWriteBatchedInserts", "true");
      }
      for (int i = 0; i < cell.variant().connections(); i++) {
        connections.add(server.connect(server.loadDatabase(), properties));
      }
      Connection main = connections.get(0);
      ServerProbe probe = ServerProbe.install(main);
      probe.missing().forEach(what -> missing.accept(label, what));
      Sampler sampler = new Sampler(server.resources(), StatIo.of(main), server.throttle());
      sampler.missing().forEach(what -> missing.accept(label, what));
      standby = StandbyWatch.open(server, connections);
      Session session =
          new Session(
              label, cell, repetition, probe, sampler, standby, server.instructions().orElse(null));
      long walPosition = probe.walInsertPosition(main);
      for (Table table : dataset.tables(cell.variant())) {
        TableLoad load = new TableLoad(table.def(), table.rows(), cell.variant(), connections);
        for (Step step : Recipe.of(scenario.steps(), cell.variant(), table.def())) {
          progress.stepStarting(label, cell.label(), table.def().name(), step.kind().yamlName());
          StepResult result = measure(session, load, step, walPosition);
          if (result == null) {
            continue; // a step the role may not run: noted, not stored
          }
          results.add(result);
          if (!result.ok()) {
            return results;
          }
          walPosition += result.measured().walBytes();
        }
      }
    } catch (SQLException e) {
      results.add(failed(label, cell, repetition, StepKind.PREPARE, oneLine(e)));
    } finally {
      if (standby != null) {
        standby.close();
      }
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

  /** What every step of one load is measured with. */
  private record Session(
      String label,
      Cell cell,
      int repetition,
      ServerProbe probe,
      Sampler sampler,
      StandbyWatch standby,
      InstructionCounter instructions) {}

  /** The step's result; null for a step the role may not run (told to {@code notAllowed}). */
  private StepResult measure(Session session, TableLoad load, Step step, long walBefore)
      throws SQLException {
    String label = session.label();
    Cell cell = session.cell();
    StandbyWatch standby = session.standby();
    InstructionCounter instructions = session.instructions();
    Connection c = load.connection();
    StepKey key =
        new StepKey(
            label,
            cell.label(),
            session.repetition(),
            load.table().name(),
            step.kind(),
            step.object());
    Sampler sampler = session.sampler();
    Sampler.Before before = sampler.before(load.connections());
    SyncWaits.Sampling waits = standby == null ? null : standby.beforeStep();
    InstructionCounter.Window counting = null;
    if (instructions != null && step.kind() == StepKind.CHECKPOINT) {
      missing.accept(label, CHECKPOINT_NOT_COUNTED);
    } else if (instructions != null) {
      counting = instructions.open(load.connections()); // last before the clock starts
    }
    Clock.Timed<Long> timed = Clock.time(() -> step.run(load));
    Double waited = waits == null ? null : waits.stop(); // the session-seconds commits waited
    Measurements.Builder measured =
        Measurements.timed(timed.seconds()).clientCpuSeconds(timed.clientCpuSeconds());
    Function<String, StepResult> failed =
        error ->
            StepResult.failed(runId, scenario.name(), key, cell.axes(), measured.build(), error);
    if (counting != null && timed.ok()) {
      // first after the step, before any other statement on its sessions
      try {
        measured.instructions(counting.close());
      } catch (SQLException e) {
        rollBack(c);
        return failed.apply("counting instructions: " + oneLine(e));
      }
    }
    // a standby gone down fails the step, whatever the primary said
    String standbyDown = standby == null ? null : standby.down();
    if (standbyDown != null) {
      rollBack(c);
      String error = timed.ok() ? standbyDown : standbyDown + ": " + oneLine(timed.error());
      return failed.apply(error);
    }
    if (standby != null && timed.ok()) {
      standby.measure(waited, measured); // the lag at the step's end, before any other reading
    }
    if (!timed.ok()) {
      Exception e = timed.error();
      rollBack(c);
      if (e instanceof SQLException sql && Fresh.INSUFFICIENT_PRIVILEGE.equals(sql.getSQLState())) {
        notAllowed.accept(label, step.kind().yamlName());
        missing.accept(
            label, step.kind() + " step: not run, the role may not (" + oneLine(e) + ")");
        return null;
      }
      return failed.apply(oneLine(e));
    }
    sampler.after(before, load.connections(), step.kind() == StepKind.CHECKPOINT, measured);
    ServerProbe.After after = session.probe().after(c, load.table().name(), step.object());
    TableState state = after.table();
    if (state != null) {
      measured.table(state.bytes(), state.pages(), state.frozenPages());
    }
    long rows = timed.value();
    return StepResult.ok(
        runId,
        scenario.name(),
        key,
        cell.axes(),
        measured
            .rows(rows == Step.NO_ROWS ? null : rows)
            .walBytes(after.walPosition() - walBefore)
            .objectBytes(after.objectBytes())
            .indexBytes(after.indexBytes())
            .build());
  }

  /** Ends a failed step's transaction, if the connection still stands, keeping the step's error. */
  private static void rollBack(Connection c) {
    try {
      if (!c.getAutoCommit()) {
        c.rollback();
        c.setAutoCommit(true);
      }
    } catch (SQLException e) {
      // the connection is gone with the server; the step's own error is what is stored
    }
  }

  /**
   * The fresh start of every load: on a server's first, a new database, the dataset's extensions
   * (PostGIS for geometries) created in its public schema, where its tables find their types, by
   * the dataset's fixed names; on every later one, that database emptied of the tables a load made
   * ({@link Fresh#tables}). Either ends in a CHECKPOINT.
   */
  private void freshDatabase(PostgresServer server, String label) throws SQLException {
    Consumer<SQLException> noCheckpoint =
        e ->
            missing.accept(
                label,
                "checkpoint: no CHECKPOINT before each load, so a load may pay for the one before's"
                    + " dirty buffers ("
                    + oneLine(e)
                    + ")");
    if (made.contains(server)) {
      try {
        Fresh.tables(server, server.loadDatabase(), noCheckpoint);
        return;
      } catch (SQLException e) {
        // a server brought back anew (a new container) has no load database: make it again
        if (!NO_DATABASE.equals(e.getSQLState())) {
          throw e;
        }
      }
    }
    Fresh.database(
        server,
        server.loadDatabase(),
        scenario.dataset().extensions().stream()
            .map(e -> "CREATE EXTENSION IF NOT EXISTS " + e.name() + " SCHEMA public")
            .toList(),
        noCheckpoint);
    made.add(server);
  }

  /**
   * What failed outside a step: the load's preparation ({@code cell} given) or a server that did
   * not start or come back ({@code cell} null, repetition 0).
   */
  StepResult failed(String server, Cell cell, int repetition, StepKind step, String error) {
    return StepResult.failed(
        runId,
        scenario.name(),
        new StepKey(server, cell == null ? "-" : cell.label(), repetition, "-", step, null),
        cell == null ? Map.of() : cell.axes(),
        Measurements.timed(0).build(),
        error);
  }

  /** An error as one line: the server's message with its SQLSTATE, no stack trace. */
  public static String oneLine(Exception e) {
    String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    if (e instanceof SQLException sql && sql.getSQLState() != null) {
      message = message + " [SQLSTATE " + sql.getSQLState() + "]";
    }
    return message.replaceAll("\\s+", " ").strip();
  }
}
