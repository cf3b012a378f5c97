package org.pgloadbench.run;

import java.io.IOException;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.pgloadbench.dataset.Dataset;
import org.pgloadbench.metrics.Clock;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.results.PgbenchPhases;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.results.StoredRun;
import org.pgloadbench.scenario.Cell;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.server.PostgresServer;
import org.pgloadbench.server.ServerException;
import org.pgloadbench.server.ServerTarget;
import org.pgloadbench.server.ShutdownHook;

/**
 * Runs a scenario's {@link Plan}: every server started first, each warmed up with unmeasured loads,
 * then round after round, every cell on every server once per round, each load from a fresh start
 * ({@link Fresh}); every few rounds, where the plan says so, every server is started afresh. The
 * runner owns the clock ({@link Load} times every step and samples the server around it) and stores
 * each result as soon as it is measured. A step that fails is stored as failed with the server's
 * error and the run goes on; a server that goes down is brought back, or given up.
 */
public final class Runner {
  private final Scenario scenario;
  private final Plan plan;
  private final Load load;
  private final ServerTarget target;
  private final ResultStore store;
  private final Progress progress;
  private final RunRecord record;
  private final Resume resume;
  private final boolean pgbench;
  private final Recovery recovery;
  private RoundPolicy policy;
  private final Map<String, List<Double>> pgbenchTotals = new LinkedHashMap<>();
  private int failures;

  /**
   * Set when the JVM starts shutting down (Ctrl-C): the servers' own hooks are stopping them, so no
   * further load starts, and a load cut short by that is not stored as a failure of PostgreSQL.
   */
  private volatile boolean stopping;

  /** {@code dataset} is the scenario's, prepared (a PBF file decoded) before any clock starts. */
  public Runner(
      Scenario scenario,
      Dataset dataset,
      ServerTarget target,
      ResultStore store,
      Progress progress,
      String runId) {
    this(scenario, Plan.of(scenario, null), dataset, target, store, progress, runId, Resume.NONE);
  }

  /** A runner of {@code plan} that goes on with a stored run, skipping the loads it holds. */
  public Runner(
      Scenario scenario,
      Plan plan,
      Dataset dataset,
      ServerTarget target,
      ResultStore store,
      Progress progress,
      String runId,
      Resume resume) {
    this.scenario = scenario;
    this.plan = plan;
    this.target = target;
    this.store = store;
    this.progress = progress;
    this.resume = resume.against(scenario, dataset);
    this.record = new RunRecord(runId, scenario, dataset, plan.shard());
    this.load = new Load(scenario, dataset, runId, this::missing, record::notAllowed, progress);
    this.pgbench = scenario.dataset().reportsPgbenchPhases();
    this.recovery = new Recovery(progress, store, load, () -> stopping);
    if (resume != Resume.NONE) {
      record.resumeFrom(resume.stored(), Instant.now());
    }
  }

  /** Rounds after the plan's as {@code policy} decides (repeat: auto, a race); returns this. */
  public Runner rounds(RoundPolicy policy) {
    this.policy = policy;
    return this;
  }

  /** Runs everything; returns the number of failed steps (0 when all went well). */
  public int run() throws IOException {
    ShutdownHook onShutdown =
        ShutdownHook.register("pgloadbench-stop-runner", () -> stopping = true);
    if (plan.restartEvery() > 0) {
      target.keepClusters(); // released when the servers close
    }
    try (Servers servers = new Servers(scenario, plan, target, record)) {
      progress.begin(plan.warmupLoads() + plan.measuredLoads());
      store.writeRun(record.manifest());
      startAll(servers);
      Instant first = Instant.now();
      Set<String> cells = null; // every cell
      int measured = 0;
      for (int round = 1; !stopping; round++) {
        if (round > plan.repeat()) {
          if (round > plan.repeat() + 1 && measured == 0) {
            break; // the last round ran nothing (every server given up): more would not either
          }
          measured = 0;
          if (policy == null) {
            break;
          }
          Optional<Set<String>> next =
              policy.next(
                  round - 1,
                  StoredRun.of(store.dir(), record.manifest(), ResultStore.readSteps(store.dir())),
                  Duration.between(first, Instant.now()));
          record.rounds(policy.rounds());
          store.writeRun(record.manifest());
          if (next.isEmpty()) {
            break;
          }
          cells = next.get();
          Set<String> chosen = cells;
          progress.more(
              (int)
                  plan.round(round).stream()
                      .filter(l -> chosen.contains(l.cell().label()))
                      .count());
        }
        if (plan.restartsBefore(round) && !stopping) {
          // a server start is a level of the design (scenario.Restarts): every server in a new
          // data directory, warmed up again; one that fails is stored so, and tried again next
          servers.stopAll();
          record.restarted(round);
          startAll(servers);
        }
        for (Plan.Load planned : plan.round(round)) {
          if (stopping) {
            break;
          }
          if (cells != null && !cells.contains(planned.cell().label())) {
            continue;
          }
          PostgresServer server = servers.get(planned.server());
          if (server != null) {
            if (!resume.done(servers.label(planned.server()), planned.cell().label(), round)) {
              measure(servers, planned, server);
            }
            measured++; // now, or stored already
          }
        }
      }
      pgbenchTotals.forEach((line, totals) -> progress.note(line + PgbenchPhases.average(totals)));
    } finally {
      record.end(Instant.now());
      store.writeRun(record.manifest());
      progress.end();
      onShutdown.remove();
    }
    return failures;
  }

  /** Starts every server not done yet, then warms each up; one that cannot start is stored so. */
  private void startAll(Servers servers) throws IOException {
    for (Plan.Server server : plan.servers()) {
      List<Cell> cells = plan.cells(server);
      // with rounds after the plan's, a server whose planned rounds are stored may have more to do
      if (stopping
          || (policy == null && resume.done(server.label(), cells, plan.repeat()))) {
        continue;
      }
      try {
        long begun = Clock.now();
        PostgresServer started = servers.start(server);
        record.started(servers.label(server), Clock.secondsSince(begun));
        started.limitations().forEach(what -> missing(servers.label(server), what));
        store.writeRun(record.manifest());
        int stored = resume.doneOn(servers.label(server), cells, plan.repeat());
        if (stored > 0) {
          progress.note(servers.shown(server) + ": " + stored + " repetition(s) stored already");
        }
      } catch (ServerException | SQLException e) {
        if (stopping) {
          return;
        }
        servers.giveUp(server);
        progress.note(servers.shown(server) + ": " + Load.oneLine(e));
        String profile = servers.profiles() ? "profile " + server.profile() + ": " : "";
        store.append(
            load.failed(
                servers.label(server), null, 0, StepKind.SERVER, profile + Load.oneLine(e)));
        failures++;
      }
    }
    for (Plan.Server server : plan.servers()) {
      for (int i = 1; i <= plan.warmup() && servers.get(server) != null && !stopping; i++) {
        Cell first = plan.cells(server).get(0);
        long begun = Clock.now();
        List<StepResult> warmup = load.run(servers.get(server), servers.label(server), first, 0);
        record.warmedUp(servers.label(server), Clock.secondsSince(begun));
        ended(servers.shown(server) + "  warm-up (" + first.label() + ")", warmup);
        failures += recovery.afterLoad(servers, server, wentDown(servers.get(server), warmup));
      }
    }
  }

  /** One measured load: run, stored, shown; a server gone down is brought back or given up. */
  private void measure(Servers servers, Plan.Load planned, PostgresServer server)
      throws IOException {
    String label = servers.label(planned.server());
    Cell cell = planned.cell();
    long oomKills = server.oomKills();
    long begun = Clock.now();
    List<StepResult> steps = load.run(server, label, cell, planned.round());
    if (stopping) {
      return;
    }
    record.loaded(label, Math.max(0, Clock.secondsSince(begun) - StepResult.seconds(steps)));
    boolean down = wentDown(server, steps);
    if (down) {
      steps = LoadSteps.withCause(steps, "the server went down during this step");
    } else if (LoadSteps.failed(steps) && oomKills >= 0 && server.oomKills() > oomKills) {
      steps =
          LoadSteps.withCause(
              steps, "the server's memory cap was hit: the kernel killed a server process");
    }
    for (StepResult step : steps) {
      store.append(step);
      failures += step.ok() ? 0 : 1;
    }
    ended(
        String.format(
            Locale.ROOT,
            "%s  %-28s  round %d/%s",
            servers.shown(planned.server()),
            cell.label(),
            planned.round(),
            policy == null ? Integer.toString(plan.repeat()) : plan.repeat() + "+"),
        steps);
    if (pgbench) {
      // pgbench's own line after each load, and their average per server and cell at the end
      progress.note(PgbenchPhases.line(steps));
      if (steps.stream().allMatch(StepResult::ok)) {
        pgbenchTotals
            .computeIfAbsent(
                "PostgreSQL " + label + "  " + cell.label() + "  ", k -> new ArrayList<>())
            .add(StepResult.seconds(steps));
      }
    }
    failures += recovery.afterLoad(servers, planned.server(), down);
  }

  /** A load's progress line: {@code what} it was, its seconds and what failed. */
  private void ended(String what, List<StepResult> steps) {
    String failure = LoadSteps.failureNote(steps);
    progress.loadEnded(
        String.format(Locale.ROOT, "%s  %.2f s%s", what, StepResult.seconds(steps), failure),
        failure.isEmpty());
  }

  /** Something the server did not allow, noted once per server in run.json for the report. */
  private void missing(String server, String what) {
    if (record.missing(server, what)) {
      progress.note("not measured on " + server + ": " + what);
    }
  }

  /** Whether a load failed because the server is gone (its postmaster killed, say). */
  private boolean wentDown(PostgresServer server, List<StepResult> steps) {
    return !stopping && LoadSteps.failed(steps) && !server.responds();
  }
}
