package org.pgloadbench.run;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pgloadbench.dataset.Dataset;
import org.pgloadbench.results.OutsideSteps;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.results.RunManifest.CellRun;
import org.pgloadbench.results.RunManifest.Machine;
import org.pgloadbench.results.RunManifest.Resolved;
import org.pgloadbench.results.RunManifest.Targets;
import org.pgloadbench.results.ServerRun;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.server.Environment;
import org.pgloadbench.variant.StandbyMode;

/** The manifest of a run as it goes on: servers added as they start, the end time kept current. */
final class RunRecord {
  private final String runId;
  private final Resolved scenario;
  private final Environment.Host host;
  private String started;
  private String ended;
  private final List<String> resumed = new ArrayList<>();
  private final List<ServerRun> servers = new ArrayList<>();
  private final Map<String, Object> datasetShape;
  private RunManifest.Rounds rounds;
  private final Map<String, OutsideSteps> outside = new LinkedHashMap<>();
  private final List<Integer> startRounds = new ArrayList<>();
  private final Shard shard;

  /**
   * A run starting now on this host. The dataset's shape is stored when not empty (a PBF file's,
   * beside the generator's); {@code shard} is the part of the plan the run runs, or null for all.
   */
  RunRecord(String runId, Scenario scenario, Dataset dataset, Shard shard) {
    this.runId = runId;
    this.shard = shard;
    this.scenario = resolved(scenario);
    this.host = Environment.host();
    this.started = seconds(Instant.now());
    this.ended = this.started;
    // after the start: a PBF file's shape generates a sample of synthetic objects, part of the run
    this.datasetShape = dataset.shape();
  }

  /** A server as it ran, added when it first started; run.json lists it. */
  void addServer(ServerRun server) {
    servers.add(server);
  }

  /**
   * Notes on a server (by its label in results) what could not be measured there and why; false
   * when noted already, or no server has that label.
   */
  boolean missing(String server, String what) {
    int at = indexOf(server);
    if (at < 0 || servers.get(at).missing().contains(what)) {
      return false;
    }
    servers.set(at, servers.get(at).withMissing(what));
    return true;
  }

  /**
   * Notes on a server (by its label in results) a step its role may not run, so that a resumed run
   * knows its repetitions hold no such step.
   */
  void notAllowed(String server, String step) {
    int at = indexOf(server);
    if (at < 0 || servers.get(at).stepsNotAllowed().contains(step)) {
      return;
    }
    servers.set(at, servers.get(at).withStepNotAllowed(step));
  }

  /** Goes on from a stored run: its servers and start time are kept, the resumption noted. */
  void resumeFrom(RunManifest stored, Instant resumedAt) {
    if (stored.environment().started() != null) {
      started = stored.environment().started();
    }
    resumed.addAll(stored.environment().resumed());
    resumed.add(seconds(resumedAt));
    servers.addAll(stored.servers());
    rounds = stored.rounds();
    outside.putAll(stored.outsideSteps());
    startRounds.addAll(stored.startRounds());
  }

  /** A server (by its label in results) took {@code seconds} to start. */
  void started(String server, double seconds) {
    outside.merge(server, OutsideSteps.NONE.started(seconds), (a, b) -> a.started(seconds));
  }

  /** A warm-up load on a server took {@code seconds}. */
  void warmedUp(String server, double seconds) {
    outside.merge(server, OutsideSteps.NONE.warmedUp(seconds), (a, b) -> a.warmedUp(seconds));
  }

  /** A measured load on a server spent {@code seconds} outside its steps. */
  void loaded(String server, double seconds) {
    outside.merge(server, OutsideSteps.NONE.loaded(seconds), (a, b) -> a.loaded(seconds));
  }

  /** Every server was started afresh before round {@code round}. */
  void restarted(int round) {
    if (!startRounds.contains(round)) {
      startRounds.add(round);
    }
  }

  /** How the run decided its rounds (repeat: auto, a race), as it stands. */
  void rounds(RunManifest.Rounds rounds) {
    this.rounds = rounds;
  }

  void end(Instant at) {
    ended = seconds(at);
  }

  RunManifest manifest() {
    return new RunManifest(
        runId,
        scenario,
        Machine.of(host, started, ended, resumed),
        servers,
        datasetShape,
        RunManifest.ROUNDS,
        rounds,
        outside,
        startRounds,
        shard == null ? null : shard.group(),
        shard == null ? null : shard.index(),
        shard == null ? null : shard.count());
  }

  /** The scenario as run.json records it; a resumed run must have the same. */
  static Resolved resolved(Scenario scenario) {
    Targets targets =
        new Targets(
            scenario.servers().target(),
            scenario.servers().versions(),
            scenario.servers().image(),
            scenario.servers().builds(),
            scenario.servers().url());
    return new Resolved(
        scenario.name(),
        scenario.description(),
        scenario.source().toString(),
        scenario.dataset().json(),
        targets,
        scenario.settings(),
        scenario.repeat(),
        scenario.warmup(),
        scenario.axes(),
        scenario.cells().stream()
            .map(
                c ->
                    new CellRun(
                        c.label(),
                        c.axes(),
                        c.variant().settings().profileName(),
                        c.variant().memoryBytes() > 0 ? c.variant().memoryBytes() : null,
                        c.variant().standby() == StandbyMode.NONE
                            ? null
                            : c.variant().standby().yamlName(),
                        c.variant().disk().isNone() ? null : c.variant().disk().text()))
            .toList(),
        scenario.steps(),
        scenario.claims(),
        scenario.baseline(),
        scenario.findings());
  }

  /** The latest server of that label (a resumed run starts it again). */
  private int indexOf(String label) {
    for (int i = servers.size() - 1; i >= 0; i--) {
      if (label.equals(servers.get(i).version())) {
        return i;
      }
    }
    return -1;
  }

  private static String seconds(Instant instant) {
    return instant.truncatedTo(ChronoUnit.SECONDS).toString();
  }
}
