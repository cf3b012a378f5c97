package org.pgloadbench.overhead;

import java.io.Closeable;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.pgloadbench.metrics.Clock;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.results.Measurements;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.results.RunManifest.CellRun;
import org.pgloadbench.results.ServerRun;
import org.pgloadbench.results.StepKey;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.run.Load;
import org.pgloadbench.run.Rounds;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.server.Environment;
import org.pgloadbench.server.PostgresServer;

/**
 * The overhead run's results, stored as any run's so that {@code compare} and the report read them
 * through StoredRun: every measured load's steps in {@code results/overhead/<run-id>/} ({@code
 * steps.jsonl}, {@code timings.csv}) as soon as measured, and {@code run.json} saying what ran
 * (scenario {@value #SCENARIO}, the contenders as cells, the steps, each server, the machine). A
 * step's key: the server's version, the contender's cell, the round as its repetition, the table,
 * the step.
 */
public final class OverheadResults implements Closeable {
  public static final String SCENARIO = "overhead";

  /** The axis that says who loaded: harness, psql, server-file, pgbench -i, osm2pgsql, ... */
  static final String CONTENDER = "contender";

  /** timings.csv's axis columns: the axes the pairs' cells vary (any other is in steps.jsonl). */
  private static final List<String> AXES =
      List.of(CONTENDER, "format", "connections", "freeze", "pk", "middle_format");

  private final Path dir;
  private final String runId;
  private final Scenario copied;
  private final Rounds rounds;
  private final String description;
  private final ResultStore store;
  private final String started = now();
  private final Map<String, CellRun> cells = new LinkedHashMap<>();
  private final List<StepKind> steps = new ArrayList<>();
  private final List<ServerRun> servers = new ArrayList<>();

  /**
   * A new run directory; {@code copied} is the scenario whose tables the streamed COPY pair loads.
   */
  public OverheadResults(
      Path dir, String runId, Scenario copied, Rounds rounds, String description)
      throws IOException {
    this.dir = dir;
    this.runId = runId;
    this.copied = copied;
    this.rounds = rounds;
    this.description = description;
    this.store = ResultStore.create(dir, AXES);
    store.writeRun(manifest());
  }

  public Path dir() {
    return dir;
  }

  String runId() {
    return runId;
  }

  /** The rounds every head-to-head of the run alternates its contenders in. */
  public Rounds rounds() {
    return rounds;
  }

  /** One contender's load in one round: its steps, as this run stores them. */
  @FunctionalInterface
  interface ContenderLoad<C> {
    List<StepResult> run(C contender, int round) throws SQLException, IOException;
  }

  /**
   * The run's rounds of {@code contenders}, in the order {@link Rounds} rotates from round to
   * round, so that none always goes first: a line printed per load, a warm-up round's loads
   * dropped, a measured round's stored as they are measured. A load that fails is stored as failed,
   * and the rounds go on.
   */
  <C> void alternate(List<C> contenders, ContenderLoad<C> load, PrintWriter progress)
      throws SQLException, IOException {
    rounds.run(
        contenders,
        (contender, round) -> {
          List<StepResult> steps = load.run(contender, round);
          progress.println(line(steps, round));
          progress.flush();
          if (Rounds.measured(round)) {
            add(steps);
            ran(steps); // round 1 loads the contenders in their order, which run.json keeps
          }
        });
  }

  /** {@code harness+text+conn-1 planet_osm_ways round 2 0.512 s}, or the load's failure. */
  private static String line(List<StepResult> steps, int round) {
    List<String> tables = steps.stream().map(StepResult::table).distinct().toList();
    String outcome =
        steps.stream()
            .filter(s -> !s.ok())
            .findFirst()
            .map(s -> "FAILED at " + s.table() + " " + s.step() + ": " + s.error())
            .orElse(String.format(Locale.ROOT, "%.3f s", StepResult.seconds(steps)));
    return String.format(
        Locale.ROOT,
        "%-28s %-18s %-8s %s",
        steps.isEmpty() ? "" : steps.get(0).cell(),
        tables.size() == 1 ? tables.get(0) : "",
        Rounds.measured(round) ? "round " + round : "warm-up",
        outcome);
  }

  /** A contender's axes: {@link #CONTENDER} first, then those of its cell. */
  static Map<String, String> axes(String contender, Map<String, String> cell) {
    Map<String, String> axes = new LinkedHashMap<>();
    axes.put(CONTENDER, contender);
    axes.putAll(cell);
    return axes;
  }

  /**
   * A timed load of this run with the rows it loaded (null: not counted): failed with the clock's
   * error, else with {@code error} unless null.
   */
  StepResult step(
      StepKey key, Map<String, String> axes, Clock.Timed<?> timed, Long rows, String error) {
    Measurements measured =
        Measurements.timed(timed.seconds())
            .clientCpuSeconds(timed.clientCpuSeconds())
            .rows(rows)
            .build();
    return step(key, axes, measured, timed.ok() ? error : Load.oneLine(timed.error()));
  }

  /** A step of this run: ok, or failed with {@code error}. */
  StepResult step(StepKey key, Map<String, String> axes, Measurements measured, String error) {
    return error == null
        ? StepResult.ok(runId, SCENARIO, key, axes, measured)
        : StepResult.failed(runId, SCENARIO, key, axes, measured, error);
  }

  /** A step another run measured (a scenario cell's load), as a step of this one. */
  StepResult step(StepKey key, Map<String, String> axes, StepResult measured) {
    return new StepResult(
        runId, SCENARIO, key, axes, measured.status(), measured.measured(), measured.error());
  }

  /** Stores a measured load's steps, as soon as measured. */
  void add(List<StepResult> load) throws IOException {
    for (StepResult step : load) {
      store.append(step);
    }
  }

  /**
   * Lists a stored load's cell and steps in run.json: cells in the order first told, each new step
   * before the first of the load's later steps listed already, so that every load's order holds (a
   * scenario's create before the copy that a COPY contender listed first).
   */
  private void ran(List<StepResult> load) {
    for (int i = 0; i < load.size(); i++) {
      StepResult step = load.get(i);
      cells.putIfAbsent(step.cell(), new CellRun(step.cell(), step.axes(), null));
      if (!steps.contains(step.step())) {
        int at =
            load.subList(i + 1, load.size()).stream()
                .mapToInt(later -> steps.indexOf(later.step()))
                .filter(index -> index >= 0)
                .min()
                .orElse(steps.size());
        steps.add(at, step.step());
      }
    }
  }

  /** Records a server the run loads on, as run.json lists a bench run's. */
  public void server(String requested, String target, PostgresServer server) throws SQLException {
    try (Connection c = server.connect(PostgresServer.MAINTENANCE_DATABASE)) {
      servers.add(
          new ServerRun(
              requested,
              server.version(),
              null,
              target,
              new LinkedHashMap<>(server.details()),
              Environment.nonDefaultSettings(c),
              List.of(),
              List.of()));
    }
  }

  private RunManifest manifest() {
    RunManifest.Resolved ran =
        new RunManifest.Resolved(
            SCENARIO,
            description,
            copied.source().toString(),
            copied.dataset().json(),
            null,
            copied.settings(),
            rounds.repeat(),
            rounds.warmup(),
            AXES,
            List.copyOf(cells.values()),
            List.copyOf(steps),
            List.of(),
            null, null);
    return new RunManifest(
        runId,
        ran,
        RunManifest.Machine.of(Environment.host(), started, now(), List.of()),
        servers,
        Map.of(),
        RunManifest.ROUNDS,
        null, null, null, null, null, null);
  }

  /** Writes run.json with what ran and when it ended, and closes the results files. */
  @Override
  public void close() throws IOException {
    try (store) {
      store.writeRun(manifest());
    }
  }

  private static String now() {
    return Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
  }
}
