package org.pgloadbench.cli;

import java.nio.file.Path;
import org.pgloadbench.scenario.Overrides;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.scenario.ScenarioException;
import org.pgloadbench.scenario.ScenarioLoader;
import org.pgloadbench.scenario.ServersSpec;
import org.pgloadbench.server.ContainerTarget;
import org.pgloadbench.server.EmbeddedTarget;
import org.pgloadbench.server.LocalTarget;
import org.pgloadbench.server.ServerTarget;
import org.pgloadbench.server.UrlTarget;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * A scenario and its overrides, shared by {@code bench} and {@code plan}. The overrides stay text
 * until {@link #scenario()} reads them, with the make-variable names (PG, SCALE, REPEAT, WARMUP,
 * DATA, TARGET) in its error messages, since that is how most users give them; blank means not
 * given.
 */
final class ScenarioArgs {
  @Parameters(
      index = "0",
      paramLabel = "<scenario>",
      description = "a name under scenarios/ (ways-binary-freeze) or a path to a YAML file")
  String scenario;

  @Option(
      names = "--pg",
      paramLabel = "15,17",
      description = "PostgreSQL versions instead of the scenario's")
  String pg;

  @Option(names = "--scale", paramLabel = "0.1", description = "multiply every row count")
  String scale;

  @Option(
      names = "--repeat",
      paramLabel = "N",
      description = "repetitions instead of the scenario's")
  String repeat;

  @Option(names = "--warmup", paramLabel = "N", description = "unmeasured warm-up loads per server")
  String warmup;

  @Option(
      names = "--target",
      paramLabel = "T",
      description =
          "where the servers come from: embedded, container, local:<bin dir> or"
              + " postgresql://user@host:port/db (the password in PGPASSWORD or ~/.pgpass)")
  String target;

  @Option(
      names = "--data",
      paramLabel = "FILE",
      description = "load this OpenStreetMap .osm.pbf file's objects instead of generated rows")
  String data;

  @Option(
      names = "--scenarios",
      paramLabel = "DIR",
      description = "where scenario names are looked up (default: ${DEFAULT-VALUE})")
  Path scenarios = Path.of("scenarios");

  @Option(
      names = "--work-dir",
      paramLabel = "DIR",
      description =
          "where the servers' data directories go (default: pgloadbench in your cache"
              + " directory, $XDG_CACHE_HOME or ~/.cache)")
  Path workDir;

  @Option(
      names = "--allow-unsafe-settings",
      description =
          "let the scenario set settings that run commands or load code (archive_command,"
              + " shared_preload_libraries, ...): only for a scenario you trust")
  boolean allowUnsafeSettings;

  Scenario scenario() throws ScenarioException {
    return scenario(scenario);
  }

  /** Another scenario with the same overrides ({@code reproduce} runs several). */
  Scenario scenario(String name) throws ScenarioException {
    Path file = ScenarioLoader.resolve(name, scenarios);
    return ScenarioLoader.load(file, allowUnsafeSettings)
        .withOverrides(Overrides.parse(pg, scale, repeat, warmup, data, target));
  }

  /** The scenario's target; {@code runId} names the database a URL target creates. */
  ServerTarget target(Scenario scenario, String runId) {
    ServersSpec servers = scenario.servers();
    return switch (servers.target()) {
      case ServersSpec.CONTAINER -> new ContainerTarget(servers.image());
      case ServersSpec.LOCAL -> new LocalTarget(servers.builds(), workRoot());
      case ServersSpec.URL -> new UrlTarget(servers.url(), runId);
      default -> new EmbeddedTarget(workRoot());
    };
  }

  /** Where the servers' data directories and the decoded PBF files go. */
  Path workRoot() {
    return workDir == null ? EmbeddedTarget.defaultWorkRoot() : workDir;
  }
}
