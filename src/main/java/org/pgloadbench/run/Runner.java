package org.pgloadbench.run;

import java.io.IOException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.pgloadbench.dataset.Dataset;
import org.pgloadbench.dataset.DatasetSpec;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.results.PgbenchPhases;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.scenario.Cell;
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
  private final Scenario scenario;
  private final Load load;
  private final ServerTarget target;
  private final ResultStore store;
  private final Progress progress;
  private final RunRecord record;
  private final Resume resume;
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
        scenario.dataset().open(EmbeddedTarget.defaultWorkRoot(), progress::note),
        target,
        store,
        progress,
        runId,
        Resume.NONE);
  }

  /** {@code dataset} is the scenario's, prepared (a PBF file decoded) before any clock starts. */
  public Runner(
      Scenario scenario,
      Dataset dataset,
      ServerTarget target,
      ResultStore store,
      Progress progress,
      String runId) {
    this(scenario, dataset, target, store, progress, runId, Resume.NONE);
  }

  /** A runner that goes on with a stored run, skipping the repetitions {@code resume} holds. */
  public Runner(
      Scenario scenario,
      Dataset dataset,
      ServerTarget target,
      ResultStore store,
      Progress progress,
      String runId,
      Resume resume) {
    this.scenario = scenario;
    this.target = target;
    this.store = store;
    this.progress = progress;
    this.resume = resume.against(scenario, dataset);
    this.record = new RunRecord(runId, scenario, Environment.host(), Instant.now());
    record.datasetShape(dataset.shape());
    this.load = new Load(scenario, dataset, runId, this::missing, record::notAllowed, progress);
    if (resume.resuming()) {
      record.resumeFrom(resume.stored(), Instant.now());
    }
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
    store.writeRun(record.manifest());
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
   * that profile (those a resumed run has not stored yet).
   */
  private void runProfile(String version, SettingsProfile profile, List<Cell> cells)
      throws IOException {
    if (resume.done(version, cells, scenario.repeat())) {
      progress.note(
          "PostgreSQL " + version + profileNote(profile) + ": every repetition is stored already");
      return;
    }
    Map<String, String> settings = new LinkedHashMap<>(profile.settings(Environment.memoryBytes()));
    settings.putAll(scenario.settings());
    try (PostgresServer server = target.start(version, settings)) {
      try (Connection c = server.connect(PostgresServer.MAINTENANCE_DATABASE)) {
        Map<String, String> details = new LinkedHashMap<>(server.details());
        details.put("version_string", versionString(c));
        record.addServer(
            version,
            server.version(),
            profile.profileName(),
            scenario.servers().target(),
            details,
            Environment.nonDefaultSettings(c));
      }
      server.limitations().forEach(this::missing);
      store.writeRun(record.manifest());
      int skipped = resume.doneOn(server.version(), cells, scenario.repeat());
      if (skipped > 0) {
        progress.note(
            "PostgreSQL " + server.version() + ": " + skipped + " repetition(s) stored already");
      }
      runOn(server, cells);
    } catch (ServerException | SQLException e) {
      if (stopping) {
        return;
      }
      progress.note("PostgreSQL " + version + profileNote(profile) + ": " + Load.oneLine(e));
      String error =
          profileNote(profile).isEmpty()
              ? Load.oneLine(e)
              : "profile " + profile + ": " + Load.oneLine(e);
      store.append(load.failed(version, null, 0, StepKind.SERVER, error));
      failures++;
    }
    record.end(Instant.now());
    store.writeRun(record.manifest());
  }

  private String profileNote(SettingsProfile profile) {
    boolean several =
        scenario.cells().stream().map(c -> c.variant().settings()).distinct().count() > 1;
    return several || profile != SettingsProfile.DEFAULTS ? " (" + profile + ")" : "";
  }

  private void runOn(PostgresServer server, List<Cell> cells) throws IOException {
    Cell first = cells.get(0);
    for (int i = 1; i <= scenario.warmup(); i++) {
      List<StepResult> warmup = load.run(server, first, 0);
      if (stopping) {
        return;
      }
      boolean down = wentDown(server, warmup);
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
      if (down && !recover(server)) {
        return;
      }
    }
    // pgbench's own lines after each load, and their average per cell at the end
    boolean pgbench = scenario.dataset() instanceof DatasetSpec.Pgbench;
    Map<String, List<Double>> totals = new LinkedHashMap<>();
    for (int repetition = 1; repetition <= scenario.repeat(); repetition++) {
      for (Cell cell : cells) {
        if (resume.done(server.version(), cell.label(), repetition)) {
          continue;
        }
        List<StepResult> steps = load.run(server, cell, repetition);
        if (stopping) {
          return;
        }
        boolean down = wentDown(server, steps);
        if (down) {
          steps = withCause(steps, "the server went down during this step");
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
        if (down && !recover(server)) {
          return;
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

  /** Something the server did not allow, noted once per server in run.json for the report. */
  private void missing(String what) {
    if (record.missing(what)) {
      progress.note("not measured: " + what);
    }
  }

  /** Whether a load failed because the server is gone (its postmaster killed, say). */
  private boolean wentDown(PostgresServer server, List<StepResult> steps) {
    return !stopping && !steps.isEmpty() && !steps.get(steps.size() - 1).ok() && !server.responds();
  }

  /**
   * Brings a server back after it went down, so that the next cell runs on it; when that fails the
   * rest of this server's loads are given up (and stored as such).
   */
  private boolean recover(PostgresServer server) throws IOException {
    progress.note("PostgreSQL " + server.version() + ": the server went down; bringing it back");
    try {
      server.recover();
      return true;
    } catch (ServerException e) {
      if (!stopping) {
        progress.note("PostgreSQL " + server.version() + ": " + Load.oneLine(e));
        store.append(load.failed(server.version(), null, 0, StepKind.SERVER, Load.oneLine(e)));
        failures++;
      }
      return false;
    }
  }

  /** The load's failed last step, with why it failed added to the server's error. */
  private static List<StepResult> withCause(List<StepResult> steps, String cause) {
    List<StepResult> marked = new ArrayList<>(steps);
    StepResult last = marked.remove(marked.size() - 1);
    marked.add(last.withError(cause + ": " + last.error()));
    return marked;
  }

  /** The server's full {@code version()}: build, compiler, platform. */
  private static String versionString(Connection c) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT pg_catalog.version()")) {
      rs.next();
      return rs.getString(1);
    }
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
}
