package org.pgloadbench.cli;

import java.nio.file.Path;
import org.pgloadbench.publish.PublishException;
import org.pgloadbench.publish.ResultsDatabase;
import org.pgloadbench.scenario.AllowedSettings;
import org.pgloadbench.scenario.Measure;
import org.pgloadbench.scenario.Overrides;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.scenario.ScenarioException;
import org.pgloadbench.scenario.ScenarioFiles;
import org.pgloadbench.scenario.ScenarioLoader;
import org.pgloadbench.scenario.ServersSpec;
import org.pgloadbench.server.ContainerTarget;
import org.pgloadbench.server.EmbeddedTarget;
import org.pgloadbench.server.LocalTarget;
import org.pgloadbench.server.ServerTarget;
import org.pgloadbench.server.UrlTarget;
import org.pgloadbench.server.Valgrind;
import org.pgloadbench.server.WorkRoot;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * A scenario, its overrides and the results database its run is published to, shared by {@code
 * bench}, {@code plan}, {@code reproduce}, {@code recommend} and {@code overhead}. The flags stay
 * text (make passes each variable, blank when unset) until {@link #overrides()} reads them into one
 * typed {@link Overrides}, with the make-variable names (PG, SCALE, REPEAT, WARMUP, DATA, TARGET,
 * BUILDS, IMAGE, MEMORY, BUDGET, DISK, INSTRUCTIONS) in its error messages ({@link OverrideText}).
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
      description =
          "repetitions instead of the scenario's, or auto: rounds until every comparison with the"
              + " baseline and every claim is sure")
  String repeat;

  @Option(names = "--warmup", paramLabel = "N", description = "unmeasured warm-up loads per server")
  String warmup;

  @Option(
      names = "--budget",
      paramLabel = "10m",
      description =
          "the time the rounds of a repeat: auto run or a recommend race may take, per server"
              + " (90s, 10m, 1h)")
  String budget;

  @Option(
      names = "--target",
      paramLabel = "T",
      description =
          "where the servers come from: embedded, container, local:<bin dir> or"
              + " postgresql://user@host:port/db (the password in PGPASSWORD or ~/.pgpass)")
  String target;

  @Option(
      names = "--builds",
      paramLabel = "head=DIR,patch=DIR",
      description =
          "local PostgreSQL builds, each a label and its bin dir, compared in the place of"
              + " versions; they take the build labels a scenario lists")
  String builds;

  @Option(
      names = "--image",
      paramLabel = "IMAGE",
      description = "the container target's image (default: postgres:<version>)")
  String image;

  @Option(
      names = "--memory",
      paramLabel = "1GB",
      description =
          "cap every server's memory, the page cache it fills included (a cgroup; the container's"
              + " limit), or none; instead of servers.memory")
  String memory;

  @Option(
      names = "--disk",
      paramLabel = "LIMIT",
      description =
          "limit every server's reads and writes of the disk holding its data (a cgroup's"
              + " throttle; the container's device limits): gp3, hdd-7200, sata-ssd,"
              + " read=200MB/s,write=100MB/s,read_iops=3000,write_iops=3000 (any of them), or"
              + " none; instead of servers.disk")
  String disk;

  @Option(
      names = "--instructions",
      description =
          "count the instructions the server executes for each step, its processes under"
              + " valgrind (embedded and local targets; one round unless --repeat says more)")
  boolean instructions;

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
      names = "--results-db",
      paramLabel = "URL",
      description =
          "also publish the run into this PostgreSQL database,"
              + " postgresql://user[:password]@host[:port]/db (else the password from PGPASSWORD,"
              + " PGPASSFILE or ~/.pgpass); checked before the run starts")
  String resultsDb;

  @Option(
      names = {AllowedSettings.TRUST_FLAG, AllowedSettings.OLD_TRUST_FLAG},
      description =
          "let the scenario file choose what otherwise only the command line does: the"
              + " programs, image or server to run on (local:<dir>, builds with bin dirs, image,"
              + " a URL) and settings outside the allow list; only for a file you trust")
  boolean trustScenario;

  Scenario scenario() throws ScenarioException {
    return scenario(scenario, overrides());
  }

  /**
   * Scenario {@code name} with {@code overrides} applied once: a command that adds overrides of its
   * own (recommend's one version, its race's rounds) adds them to the command line's before the
   * scenario sees any, since applying overrides twice re-applies the defaults of a counted run.
   */
  Scenario scenario(String name, Overrides overrides) throws ScenarioException {
    Path file = ScenarioFiles.resolve(name, scenarios);
    return ScenarioLoader.load(file, trustScenario).withOverrides(overrides);
  }

  /**
   * The flags as one typed record, through its one constructor: a flag left out here does not
   * compile. BUDGET is read first, as it was when the flags went by name.
   */
  Overrides overrides() throws ScenarioException {
    Long budgetSeconds = OverrideText.budgetSeconds(budget);
    Overrides given =
        new Overrides(
            OverrideText.versions(pg),
            OverrideText.scale(scale),
            OverrideText.repeat(repeat),
            OverrideText.warmup(warmup),
            OverrideText.data(data),
            OverrideText.trimmed(target),
            OverrideText.builds(builds),
            OverrideText.trimmed(image),
            OverrideText.trimmed(memory),
            OverrideText.autoRepeat(repeat),
            budgetSeconds,
            OverrideText.trimmed(disk),
            instructions ? Boolean.TRUE : null);
    given.validate();
    return given;
  }

  /** The scenario's target; {@code runId} names the database a URL target creates. */
  ServerTarget target(Scenario scenario, String runId) {
    ServersSpec servers = scenario.servers();
    // the loader has refused instructions on the targets that cannot count them
    Valgrind valgrind = scenario.measure() == Measure.INSTRUCTIONS ? Valgrind.CALLGRIND : null;
    return switch (servers.target()) {
      case ServersSpec.CONTAINER -> new ContainerTarget(servers.image());
      case ServersSpec.LOCAL -> new LocalTarget(servers.builds(), workRoot(), valgrind);
      case ServersSpec.URL -> new UrlTarget(servers.url(), runId);
      default -> new EmbeddedTarget(workRoot(), valgrind);
    };
  }

  /** The database the run is also published to, or null for none (make passes a blank one). */
  ResultsDatabase resultsDatabase() throws PublishException {
    return resultsDb == null || resultsDb.isBlank() ? null : ResultsDatabase.at(resultsDb);
  }

  /** Where the servers' data directories and the decoded PBF files go. */
  Path workRoot() {
    return workDir == null ? WorkRoot.defaultLocation() : workDir;
  }
}
