package org.pgloadbench.run;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.pgloadbench.dataset.DatasetSpec;
import org.pgloadbench.metrics.Sql;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.results.ServerRun;
import org.pgloadbench.scenario.MemoryCaps;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.server.Environment;
import org.pgloadbench.server.Extensions;
import org.pgloadbench.server.PostgresServer;
import org.pgloadbench.server.ServerException;
import org.pgloadbench.server.ServerStart;
import org.pgloadbench.server.ServerTarget;
import org.pgloadbench.variant.ServerPart;
import org.pgloadbench.variant.ServerVariant;

/**
 * The servers of a run's plan, started before its first round and stopped after its last: each with
 * its profile's settings and the scenario's own on top, recorded in run.json as it runs, and named
 * in results by its version (or build label), a control by the base's and {@link
 * RunManifest#CONTROL_SUFFIX}.
 */
final class Servers implements AutoCloseable {
  private final Scenario scenario;
  private final boolean profiles;
  private final ServerTarget target;
  private final RunRecord record;
  private final Map<Plan.Server, PostgresServer> started = new LinkedHashMap<>();
  private final Set<Plan.Server> recorded = new HashSet<>();

  Servers(Scenario scenario, Plan plan, ServerTarget target, RunRecord record) {
    this.scenario = scenario;
    this.profiles = plan.servers().stream().map(Plan.Server::profile).distinct().count() > 1;
    this.target = target;
    this.record = record;
  }

  /** Starts {@code server} and records it; throws when it cannot be had. */
  PostgresServer start(Plan.Server server) throws ServerException, SQLException {
    ServerVariant variant = server.variant();
    // a capped server's memory is its cap: a profile sizes shared_buffers and the rest from it
    long memory = server.memory() > 0 ? server.memory() : Environment.memoryBytes();
    Map<String, String> settings = new LinkedHashMap<>(variant.profile().settings(memory));
    settings.putAll(scenario.settings());
    PostgresServer postgres = target.start(new ServerStart(server.requested(), settings, variant));
    started.put(server, postgres);
    try (Connection c = postgres.connect(PostgresServer.MAINTENANCE_DATABASE)) {
      for (DatasetSpec.Extension extension : scenario.dataset().extensions()) {
        String why = Extensions.check(c, extension.name());
        if (why != null) {
          // a container image can tell only now; the others were asked before anything started
          throw new ServerException(
              "%s: PostgreSQL %s %s, which the %s dataset needs; %s"
                  .formatted(
                      extension.name(),
                      postgres.version(),
                      why,
                      scenario.dataset().kind(),
                      extension.install()));
        }
      }
      if (!recorded.add(server)) {
        return postgres; // started afresh: run.json has it from its first start
      }
      Map<String, String> details = new LinkedHashMap<>(postgres.details());
      // the server's full version(): build, compiler, platform
      details.put("version_string", Sql.value(c, "SELECT pg_catalog.version()"));
      record.addServer(
          new ServerRun(
              server.label(),
              label(server),
              variant.profile().profileName(),
              scenario.servers().target(),
              details,
              Environment.nonDefaultSettings(c),
              List.of(),
              List.of()));
    }
    return postgres;
  }

  /** The running server of {@code server}, or null when it did not start or was given up. */
  PostgresServer get(Plan.Server server) {
    return started.get(server);
  }

  /** Gives up a server: it is stopped, and its remaining loads are skipped. */
  void giveUp(Plan.Server server) {
    PostgresServer postgres = started.remove(server);
    if (postgres != null) {
      postgres.close();
    }
  }

  /** How results name a server: its version or label; a control with its suffix. */
  String label(Plan.Server server) {
    PostgresServer postgres = started.get(server);
    String version = postgres == null ? server.requested() : postgres.version();
    return server.control() ? version + RunManifest.CONTROL_SUFFIX : version;
  }

  /**
   * How progress lines name a server: its label, and its profile where a run has several, its
   * memory cap, and each other part it has (its standby, its disk limit).
   */
  String shown(Plan.Server server) {
    StringBuilder shown = new StringBuilder("PostgreSQL ").append(label(server));
    if (profiles) {
      shown.append(" (").append(server.profile()).append(")");
    }
    if (server.memory() > 0) {
      shown.append(" (").append(MemoryCaps.shown(server.memory())).append(" cap)");
    }
    for (ServerPart part : server.variant().parts()) {
      shown.append(" (").append(part.shown()).append(")");
    }
    return shown.toString();
  }

  /** Whether the run's servers differ in settings profile (progress lines then name it). */
  boolean profiles() {
    return profiles;
  }

  /** Stops every server, so that the next {@link #start} of each begins it afresh. */
  void stopAll() {
    started.values().forEach(PostgresServer::close);
    started.clear();
  }

  @Override
  public void close() {
    stopAll();
    target.releaseClusters();
  }
}
