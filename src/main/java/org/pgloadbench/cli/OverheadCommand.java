package org.pgloadbench.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.pgloadbench.copy.CopyFormat;
import org.pgloadbench.overhead.Contender;
import org.pgloadbench.overhead.Contenders;
import org.pgloadbench.overhead.HeadToHead;
import org.pgloadbench.overhead.Osm2pgsqlHeadToHead;
import org.pgloadbench.overhead.Osm2pgsqlImport;
import org.pgloadbench.overhead.Osm2pgsqlReport;
import org.pgloadbench.overhead.OverheadReport;
import org.pgloadbench.overhead.PgbenchHeadToHead;
import org.pgloadbench.overhead.PgbenchInit;
import org.pgloadbench.overhead.PgbenchReport;
import org.pgloadbench.overhead.ScenarioTables;
import org.pgloadbench.scenario.Cell;
import org.pgloadbench.scenario.Overrides;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.scenario.ScenarioException;
import org.pgloadbench.scenario.ScenarioLoader;
import org.pgloadbench.server.EmbeddedTarget;
import org.pgloadbench.server.Environment;
import org.pgloadbench.server.LocalTarget;
import org.pgloadbench.server.PostgresServer;
import org.pgloadbench.server.ServerException;
import org.pgloadbench.server.ServerTarget;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
    name = "overhead",
    mixinStandardHelpOptions = true,
    versionProvider = Main.Revision.class,
    description = {
      "The harness's streamed COPY head to head with psql's \\copy of the very same bytes and with"
          + " the server reading them from a file, on one server, per table, format and number of"
          + " connections, alternating, repeated; prints the ratios and writes them as a report.",
      "Uses the scenario's dataset, settings and first PostgreSQL version. A contender whose"
          + " program is missing (psql) is skipped, and the report says so.",
      "Then pgbench -i against the pgbench-init cells on the same server, and osm2pgsql --slim"
          + " -O null against the osm-real legacy-format cells on a server of --osm2pgsql-bin"
          + " (Debian's PostgreSQL 15 with PostGIS); each is skipped, saying what is missing,"
          + " when its programs are not installed.",
      "The last line printed is the report's path."
    })
final class OverheadCommand implements Callable<Integer> {
  private static final DateTimeFormatter RUN_ID = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");
  static final int DEFAULT_REPEAT = 5;

  @Spec CommandSpec spec;
  @Mixin ScenarioArgs args;
  @Mixin OutputDirs dirs;

  @Option(
      names = "--formats",
      split = ",",
      paramLabel = "text,binary",
      description = "COPY formats (default: ${DEFAULT-VALUE})")
  List<CopyFormat> formats = List.of(CopyFormat.TEXT, CopyFormat.BINARY);

  @Option(
      names = "--connections",
      split = ",",
      paramLabel = "1,2,4",
      description = "numbers of connections loading at once (default: ${DEFAULT-VALUE})")
  List<Integer> connections = List.of(1, 2, 4);

  @Option(
      names = "--pgbench-scenario",
      paramLabel = "NAME",
      description =
          "the scenario whose pgbench-equivalent and binary cells meet pgbench -i (default:"
              + " ${DEFAULT-VALUE}; 'none' to leave pgbench out)")
  String pgbenchScenario = "pgbench-init";

  @Option(
      names = "--osm2pgsql-scenario",
      paramLabel = "NAME",
      description =
          "the scenario whose osm2pgsql imitation and best legacy-format cells meet osm2pgsql"
              + " --slim -O null on its PBF file, or on --data's (default: ${DEFAULT-VALUE};"
              + " 'none' to leave osm2pgsql out)")
  String osm2pgsqlScenario = "osm-real";

  @Option(
      names = "--osm2pgsql-bin",
      paramLabel = "DIR",
      description =
          "the bin dir of the PostgreSQL (with PostGIS) osm2pgsql loads into, started by the"
              + " harness's launcher (default: ${DEFAULT-VALUE})")
  Path osm2pgsqlBin = Path.of("/usr/lib/postgresql/15/bin");

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    Scenario scenario = args.scenario();
    int repeat = args.repeat == null || args.repeat.isBlank() ? DEFAULT_REPEAT : scenario.repeat();
    String version = scenario.servers().versions().get(0);
    String runId = LocalDateTime.now(ZoneOffset.UTC).format(RUN_ID);
    ServerTarget target = args.target(scenario, runId);
    target.prepare();

    List<Contender> contenders = new ArrayList<>();
    Map<String, String> missing = new LinkedHashMap<>();
    for (Contender c : Contenders.copy()) {
      if (c.missing() == null) {
        contenders.add(c);
      } else {
        missing.put(c.name(), c.missing());
        out.println("skipped " + c.name() + ": " + c.missing());
      }
    }
    List<HeadToHead.Case> cases = new ArrayList<>();
    for (ScenarioTables.Labelled t : ScenarioTables.of(scenario, args.workRoot(), out::println)) {
      for (CopyFormat format : formats) {
        for (int n : connections) {
          cases.add(new HeadToHead.Case(t.label(), t.table().def(), t.table().rows(), format, n));
        }
      }
    }
    PgbenchSetup pgbench = pgbenchSetup(missing, out);
    Path files = filesDir();
    List<HeadToHead.Load> loads;
    String pgbenchSection = "";
    String serverVersion;
    try (PostgresServer server = target.start(version, scenario.settings())) {
      serverVersion = server.version();
      out.println(
          "PostgreSQL "
              + serverVersion
              + ": "
              + cases.size()
              + " cases x "
              + contenders.size()
              + " contenders x ("
              + scenario.warmup()
              + " warm-up + "
              + repeat
              + ") rounds");
      out.flush();
      loads = new HeadToHead(server, contenders, repeat, scenario.warmup(), files, out).run(cases);
      if (pgbench != null) {
        try {
          List<PgbenchHeadToHead.Phases> phases =
              new PgbenchHeadToHead(
                      server,
                      pgbench.scenario(),
                      pgbench.cells(),
                      repeat,
                      scenario.warmup(),
                      dirs.results.resolve("overhead").resolve(runId).resolve("pgbench"),
                      out)
                  .run();
          pgbenchSection =
              PgbenchReport.markdown(
                  phases,
                  pgbench.cells().get(0).label(),
                  pgbench.cells().size() > 1 ? pgbench.cells().get(1).label() : null);
          loadsFailed += phases.stream().filter(p -> !p.ok()).count();
        } catch (java.io.IOException e) {
          // pair 1 is measured already: say why pgbench could not be compared, keep the rest
          missing.put("pgbench -i", e.getMessage());
          out.println("skipped pgbench -i: " + e.getMessage());
        }
      }
    } finally {
      deleteRecursively(files);
    }
    List<String> osm2pgsqlSetup = new ArrayList<>();
    String osm2pgsqlSection =
        osm2pgsqlPair(runId, repeat, scenario.warmup(), missing, osm2pgsqlSetup, out);
    List<String> setup = new ArrayList<>();
    setup.add(
        "run "
            + runId
            + ", PostgreSQL "
            + serverVersion
            + " ("
            + target.getClass().getSimpleName()
            + "), settings "
            + scenario.settings());
    Map<String, Object> host = Environment.host();
    setup.add(
        "machine: "
            + host.get("cpu_model")
            + ", "
            + host.get("cpus")
            + " CPUs, "
            + Math.round(((Number) host.get("memory_bytes")).doubleValue() / (1 << 30))
            + " GiB; "
            + host.get("os")
            + "; Java "
            + host.get("java")
            + "; harness "
            + host.get("harness_revision"));
    setup.add(
        "dataset of scenario "
            + scenario.name()
            + ": "
            + scenario.dataset().rows()
            + " rows, seed "
            + scenario.dataset().seed()
            + "; tables created without primary key, CHECKPOINT before every load");
    setup.add(
        repeat
            + " measured rounds after "
            + scenario.warmup()
            + " warm-up round(s); the order of the contenders rotates every round");
    setup.addAll(osm2pgsqlSetup);
    String report =
        OverheadReport.write(
            dirs.results.resolve("overhead").resolve(runId),
            dirs.reports.resolve("overhead").resolve(runId),
            new OverheadReport.Setup(setup, missing),
            loads,
            pgbenchSection,
            osm2pgsqlSection);
    out.println();
    out.print(report);
    out.println(dirs.reports.resolve("overhead").resolve(runId).resolve("report.md"));
    long failed = loadsFailed + loads.stream().filter(l -> !l.ok()).count();
    if (failed > 0) {
      spec.commandLine()
          .getErr()
          .println("pgloadbench: " + failed + " load(s) failed; the report lists them");
    }
    return failed == 0 ? Main.OK : Main.FAILED;
  }

  private long loadsFailed;

  /** The pgbench-init scenario and its two cells, or null (and why in {@code missing}). */
  private PgbenchSetup pgbenchSetup(Map<String, String> missing, PrintWriter out)
      throws ScenarioException {
    String skip = null;
    PgbenchSetup setup = null;
    if (pgbenchScenario.equals("none")) {
      return null;
    } else if (new PgbenchInit().missing() != null) {
      skip = new PgbenchInit().missing();
    } else if (!Files.exists(args.scenarios.resolve(pgbenchScenario + ".yaml"))
        && !Files.exists(Path.of(pgbenchScenario))) {
      skip = "no scenario " + pgbenchScenario + " to compare it with";
    } else {
      Scenario s =
          ScenarioLoader.load(ScenarioLoader.resolve(pgbenchScenario, args.scenarios))
              .withOverrides(Overrides.parse(null, args.scale, null, null));
      Cell equivalent =
          PgbenchHeadToHead.cell(
              s, Map.of("format", "text", "freeze", "true", "pk", "later", "connections", "1"));
      Cell binary =
          PgbenchHeadToHead.cell(
              s, Map.of("format", "binary", "freeze", "true", "pk", "later", "connections", "1"));
      if (equivalent == null) {
        skip = pgbenchScenario + " has no text+freeze+pk-later cell on one connection";
      } else {
        setup =
            new PgbenchSetup(s, binary == null ? List.of(equivalent) : List.of(equivalent, binary));
      }
    }
    if (skip != null) {
      missing.put("pgbench -i", skip);
      out.println("skipped pgbench -i: " + skip);
    }
    return setup;
  }

  /**
   * Pair 3: osm2pgsql against the harness's cells on a server of {@link #osm2pgsqlBin}, started
   * through the local target; its report section, or "" when left out or skipped (and why in {@code
   * missing}).
   */
  private String osm2pgsqlPair(
      String runId,
      int repeat,
      int warmup,
      Map<String, String> missing,
      List<String> setup,
      PrintWriter out)
      throws Exception {
    if (osm2pgsqlScenario.equals("none")) {
      return "";
    }
    String skip = null;
    Scenario s = null;
    Osm2pgsqlImport osm2pgsql = new Osm2pgsqlImport();
    if (osm2pgsql.missing() != null) {
      skip = osm2pgsql.missing() + " (Debian: " + OSM2PGSQL_PACKAGES + ")";
    } else if (!Files.isExecutable(osm2pgsqlBin.resolve("postgres"))) {
      skip = "no PostgreSQL in " + osm2pgsqlBin + " (Debian: " + OSM2PGSQL_PACKAGES + ")";
    } else if (!Files.exists(args.scenarios.resolve(osm2pgsqlScenario + ".yaml"))
        && !Files.exists(Path.of(osm2pgsqlScenario))) {
      skip = "no scenario " + osm2pgsqlScenario + " to compare it with";
    } else {
      s =
          ScenarioLoader.load(ScenarioLoader.resolve(osm2pgsqlScenario, args.scenarios))
              .withOverrides(Overrides.parse(null, null, null, null, args.data));
      if (s.dataset().file() == null) {
        skip = osm2pgsqlScenario + " loads no OSM PBF file";
      } else if (Osm2pgsqlHeadToHead.imitation(s) == null || Osm2pgsqlHeadToHead.best(s) == null) {
        skip =
            osm2pgsqlScenario
                + " lacks a legacy-format cell with text COPY and pk now, or one with binary"
                + " COPY FREEZE and pk later";
      }
    }
    if (skip == null) {
      PairOutcome outcome = osm2pgsqlLoads(s, runId, repeat, warmup, setup, out);
      if (outcome.skipped() == null) {
        return outcome.section();
      }
      skip = outcome.skipped();
    }
    missing.put("osm2pgsql", skip);
    out.println("skipped osm2pgsql: " + skip);
    return "";
  }

  private static final String OSM2PGSQL_PACKAGES =
      "apt-get install -y osm2pgsql postgresql-15 postgresql-15-postgis-3";

  /** A pair's report section, or why it was skipped. */
  private record PairOutcome(String section, String skipped) {
    static PairOutcome skipped(String why) {
      return new PairOutcome("", why);
    }
  }

  /** The loads of pair 3 on a server started for it. */
  private PairOutcome osm2pgsqlLoads(
      Scenario s, String runId, int repeat, int warmup, List<String> setup, PrintWriter out)
      throws Exception {
    LocalTarget target =
        new LocalTarget(Map.of(LocalTarget.UNLABELLED, osm2pgsqlBin.toString()), args.workRoot());
    PostgresServer server;
    try {
      server = target.start(LocalTarget.UNLABELLED, s.settings());
    } catch (ServerException e) {
      return PairOutcome.skipped(
          "PostgreSQL of " + osm2pgsqlBin + " did not start: " + e.getMessage());
    }
    try (server) {
      Cell imitation = Osm2pgsqlHeadToHead.imitation(s);
      Cell best = Osm2pgsqlHeadToHead.best(s);
      Osm2pgsqlHeadToHead pair =
          new Osm2pgsqlHeadToHead(
              server,
              s,
              imitation,
              best,
              repeat,
              warmup,
              args.workRoot(),
              dirs.results.resolve("overhead").resolve(runId).resolve("osm2pgsql"),
              out);
      String why = pair.missing();
      if (why != null) {
        return PairOutcome.skipped(why + " (Debian: " + OSM2PGSQL_PACKAGES + ")");
      }
      String version = new Osm2pgsqlImport().version();
      setup.add(
          version
              + " against the cells "
              + imitation.label()
              + " and "
              + best.label()
              + " of scenario "
              + s.name()
              + " on "
              + s.dataset().file().getFileName()
              + ": PostgreSQL "
              + server.version()
              + " of "
              + osm2pgsqlBin
              + " (LocalTarget, PostGIS), settings "
              + s.settings());
      out.println(
          version
              + ", PostgreSQL "
              + server.version()
              + ": 3 contenders x ("
              + warmup
              + " warm-up + "
              + repeat
              + ") rounds");
      out.flush();
      List<Osm2pgsqlHeadToHead.Load> loads;
      try {
        loads = pair.run();
      } catch (java.io.IOException | java.sql.SQLException e) {
        // pairs 1 and 2 are measured already: say why osm2pgsql could not be compared
        return PairOutcome.skipped("stopped: " + e.getMessage());
      }
      loadsFailed += loads.stream().filter(l -> !l.ok()).count();
      return new PairOutcome(
          Osm2pgsqlReport.markdown(loads, imitation.label(), best.label()), null);
    }
  }

  private record PgbenchSetup(Scenario scenario, List<Cell> cells) {}

  private static void deleteRecursively(Path dir) throws java.io.IOException {
    try (var paths = Files.walk(dir)) {
      for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }

  /**
   * A directory for the dumped files under the work root, enterable by the servers' OS user; named
   * like a server directory so that a killed run's files are cleaned up by the next start.
   */
  private Path filesDir() throws java.io.IOException {
    Path root = args.workDir == null ? EmbeddedTarget.defaultWorkRoot() : args.workDir;
    return Files.createDirectory(
        root.resolve(ProcessHandle.current().pid() + "-overhead-" + System.nanoTime()),
        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx--x--x")));
  }
}
