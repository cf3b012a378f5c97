package org.pgloadbench.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;
import org.pgloadbench.copy.CopyFormat;
import org.pgloadbench.overhead.Contender;
import org.pgloadbench.overhead.Contenders;
import org.pgloadbench.overhead.HeadToHead;
import org.pgloadbench.overhead.Osm2pgsqlHeadToHead;
import org.pgloadbench.overhead.OverheadReport;
import org.pgloadbench.overhead.OverheadResults;
import org.pgloadbench.overhead.PairResult;
import org.pgloadbench.overhead.PgbenchHeadToHead;
import org.pgloadbench.overhead.PgbenchInit;
import org.pgloadbench.overhead.ScenarioTables;
import org.pgloadbench.results.StoredRun;
import org.pgloadbench.run.Bench;
import org.pgloadbench.run.Rounds;
import org.pgloadbench.scenario.Overrides;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.server.Environment;
import org.pgloadbench.server.PostgresServer;
import org.pgloadbench.server.ServerTarget;
import org.pgloadbench.server.WorkRoot;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
    name = "overhead",
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
final class OverheadCommand extends ScenarioCommand {
  /** Rounds paired by the signed-rank test: 8 let p go down to 0.008, 5 never below 0.05. */
  static final int DEFAULT_REPEAT = 8;

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
      names = "--pgbench-scale",
      paramLabel = "N",
      description =
          "pgbench -i -s N, and as many accounts in the scenario's cells (default:"
              + " ${DEFAULT-VALUE}: about a second of client-side generate, where -s 1 takes a"
              + " tenth, close to pgbench's 10 ms clock)")
  int pgbenchScale = PgbenchHeadToHead.DEFAULT_SCALE;

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
  Path osm2pgsqlBin = Osm2pgsqlHeadToHead.DEBIAN_BIN;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = out();
    if (connections.stream().anyMatch(n -> n < 1) || pgbenchScale < 1) {
      throw usage("--connections and --pgbench-scale take numbers from 1 up");
    }
    Overrides given = args.overrides();
    String unused = unusedOverrides(given);
    if (unused != null) {
      throw usage(unused);
    }
    Scenario scenario = args.scenario(args.scenario, given);
    int repeat = given.repeat() == null ? DEFAULT_REPEAT : scenario.repeat();
    Rounds rounds = new Rounds(scenario.warmup(), repeat);
    String version = scenario.servers().versions().get(0);
    String runId = Bench.newRunId();
    Path resultsDir = dirs.results.resolve(OverheadResults.SCENARIO).resolve(runId);
    Path reportDir = dirs.reports.resolve(OverheadResults.SCENARIO).resolve(runId);
    ServerTarget target = args.target(scenario, runId);
    target.prepare();

    List<Contender> all = Contenders.copy();
    Map<String, String> missing = new LinkedHashMap<>();
    all.forEach(c -> skipped(c.name(), c.missing(), missing, out));
    List<Contender> contenders = all.stream().filter(c -> c.missing() == null).toList();
    List<HeadToHead.Case> cases =
        HeadToHead.Case.of(
            ScenarioTables.of(scenario, args.workRoot(), out::println), formats, connections);
    Path files = filesDir();
    PairResult pgbench;
    PairResult osm2pgsql;
    String serverVersion;
    try (OverheadResults results =
        new OverheadResults(resultsDir, runId, scenario, rounds, description(scenario))) {
      try (PostgresServer server = target.start(version, scenario.settings())) {
        serverVersion = server.version();
        results.server(version, scenario.servers().target(), server);
        out.printf(
            "PostgreSQL %s: %d cases x %d contenders x (%d warm-up + %d) rounds%n",
            serverVersion, cases.size(), contenders.size(), rounds.warmup(), repeat);
        out.flush();
        new HeadToHead(server, contenders, files, results, out).run(cases);
        pgbench =
            PgbenchHeadToHead.pair(
                pgbenchScenario,
                args.scenarios,
                pgbenchScale,
                args.workRoot(),
                server,
                results,
                out);
      } finally {
        WorkRoot.delete(files);
      }
      osm2pgsql =
          Osm2pgsqlHeadToHead.pair(
              osm2pgsqlScenario,
              args.scenarios,
              given.data(),
              osm2pgsqlBin,
              args.workRoot(),
              results,
              out);
    }
    skipped(PgbenchInit.NAME, pgbench.skipped(), missing, out);
    skipped(Osm2pgsqlHeadToHead.NAME, osm2pgsql.skipped(), missing, out);

    List<String> setup = new ArrayList<>();
    setup.add(
        "run %s, PostgreSQL %s (%s), settings %s"
            .formatted(
                runId, serverVersion, target.getClass().getSimpleName(), scenario.settings()));
    setup.add("machine: " + machine());
    setup.add(
        ("dataset of scenario %s: %s; tables created without primary key, CHECKPOINT before every"
                + " load")
            .formatted(scenario.name(), scenario.dataset().describe()));
    setup.add(
        ("%s measured rounds after %s warm-up round(s); the order of the contenders rotates every"
                + " round")
            .formatted(repeat, rounds.warmup()));
    setup.addAll(pgbench.setup());
    setup.addAll(osm2pgsql.setup());
    setup.add("every load in " + resultsDir + " (steps.jsonl, timings.csv, run.json)");
    StoredRun run = StoredRun.load(resultsDir);
    String report =
        OverheadReport.write(
            reportDir,
            new OverheadReport.Setup(setup, missing),
            run,
            serverVersion,
            List.of(pgbench.section(), osm2pgsql.section()));
    out.println();
    out.print(report);
    out.println(reportDir.resolve("report.md"));
    int failed = run.failures().size();
    if (failed > 0) {
      err().println("pgloadbench: " + failed + " load(s) failed; the report lists them");
    }
    return failed == 0 ? ExitCode.OK : ExitCode.FAILED;
  }

  /** What run.json says the overhead run is. */
  private String description(Scenario scenario) {
    return ("make overhead: the harness's streamed COPY of scenario %s's tables against psql, the"
            + " server reading the same bytes (server-file), the harness's driver streaming them"
            + " (jdbc-file) and its client alone (encode-only); %s against the cells of %s;"
            + " osm2pgsql against the cells of %s")
        .formatted(scenario.name(), PgbenchInit.NAME, pgbenchScenario, osm2pgsqlScenario);
  }

  /** Says that a contender or pair is skipped, and why, unless {@code why} is null. */
  private static void skipped(
      String name, String why, Map<String, String> missing, PrintWriter out) {
    if (why != null) {
      missing.put(name, why);
      out.println("skipped " + name + ": " + why);
    }
  }

  private static String machine() {
    Environment.Host host = Environment.host();
    return "%s, %s CPUs, %s GiB; %s; Java %s; harness %s"
        .formatted(
            host.cpuModel(),
            host.cpus(),
            Math.round(host.memoryBytes() / (double) (1 << 30)),
            host.os(),
            host.java(),
            host.harnessRevision());
  }

  /**
   * A directory for the dumped files under the work root, enterable by the servers' OS user; named
   * like a server directory so that a killed run's files are cleaned up by the next start.
   */
  private Path filesDir() throws java.io.IOException {
    return Files.createDirectory(
        args.workRoot().resolve(ProcessHandle.current().pid() + "-overhead-" + System.nanoTime()),
        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx--x--x")));
  }

  /**
   * What overhead cannot honour, in one line, or null: its loads run on servers it starts without a
   * memory cap, a disk limit or valgrind, for a fixed number of rounds, so these would be read and
   * dropped on the way to the run.
   */
  static String unusedOverrides(Overrides o) {
    List<String> unused =
        Stream.of(
                o.memory() != null ? "MEMORY=" : null,
                o.disk() != null ? "DISK=" : null,
                o.budgetSeconds() != null ? "BUDGET=" : null,
                Boolean.TRUE.equals(o.instructions()) ? "INSTRUCTIONS=1" : null,
                Boolean.TRUE.equals(o.auto()) ? "REPEAT=auto" : null)
            .filter(Objects::nonNull)
            .toList();
    return unused.isEmpty()
        ? null
        : "overhead takes none of "
            + String.join(", ", unused)
            + ": its servers run uncapped, unthrottled and uncounted, for a fixed number of rounds;"
            + " leave them out (REPEAT= takes a number)";
  }
}
