package org.pgloadbench.overhead;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import org.pgloadbench.dataset.Dataset;
import org.pgloadbench.dataset.MiddleTable;
import org.pgloadbench.dataset.OsmPbfDataset;
import org.pgloadbench.metrics.Clock;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.results.StepKey;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.run.Fresh;
import org.pgloadbench.run.Load;
import org.pgloadbench.scenario.Cell;
import org.pgloadbench.scenario.Overrides;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.scenario.ScenarioException;
import org.pgloadbench.scenario.ScenarioFiles;
import org.pgloadbench.scenario.ScenarioLoader;
import org.pgloadbench.server.LocalTarget;
import org.pgloadbench.server.PostgresServer;
import org.pgloadbench.server.ServerException;
import org.pgloadbench.server.WorkRoot;

/**
 * {@code osm2pgsql --slim -O null} against the harness's imitation of it (the scenario's cell in
 * osm2pgsql 1.8's legacy middle format: text COPY, primary key present) and the best cell of
 * osm2pgsql issue #2110 (binary COPY FREEZE, primary key after), on the same server, each into a
 * fresh database ({@link Fresh}), alternating round after round ({@link
 * OverheadResults#alternate}). osm2pgsql is timed around its process, stored as its {@code import}
 * of the PBF file, its log kept beside the results: its clock includes reading and parsing the
 * file, which the harness does once before any clock; so each round also times the harness's own
 * decode of the file, stored as a {@code prepare} apart.
 *
 * @param workRoot where the decoded PBF file is cached (and decoded again, timed, each round)
 */
public record Osm2pgsqlHeadToHead(
    PostgresServer server,
    Scenario scenario,
    Cell imitation,
    Cell best,
    Path workRoot,
    OverheadResults results,
    PrintWriter progress) {
  public static final String NAME = "osm2pgsql";
  public static final Path DEBIAN_BIN = Path.of("/usr/lib/postgresql/15/bin");
  private static final String PACKAGES =
      "Debian: apt-get install -y osm2pgsql postgresql-15 postgresql-15-postgis-3";
  static final String DATABASE = "osm2pgsql";

  /** The harness decoding the PBF file into its cache, timed alone (no server). */
  static final String DECODE = "harness PBF decode";

  /**
   * Pair 3 of the overhead run: osm2pgsql against the harness's cells of an osm-pbf scenario
   * {@code name} (a name or file, or {@code none}), on {@code data} in place of its PBF file unless
   * null, on a server of {@code bin} (Debian's PostgreSQL 15 with PostGIS by default) that it
   * starts through the local target; its loads into {@code results}.
   */
  public static PairResult pair(
      String name,
      Path scenarios,
      Path data,
      Path bin,
      Path workRoot,
      OverheadResults results,
      PrintWriter out)
      throws Exception {
    Osm2pgsqlImport osm2pgsql = new Osm2pgsqlImport();
    Supplier<String> missing =
        () -> {
          String program = osm2pgsql.missing();
          return program != null
              ? program + " (" + PACKAGES + ")"
              : !Files.isExecutable(bin.resolve("postgres"))
                  ? "no PostgreSQL in " + bin + " (" + PACKAGES + ")"
                  : null;
        };
    PairResult unavailable = PairResult.unavailable(name, scenarios, missing);
    if (unavailable != null) {
      return unavailable;
    }
    Scenario s =
        ScenarioLoader.load(ScenarioFiles.resolve(name, scenarios))
            .withOverrides(Overrides.NONE.with(Overrides.DATA, data));
    Cell imitation = imitation(s);
    Cell best = best(s);
    if (!(s.dataset() instanceof OsmPbfDataset.Spec pbf)) {
      return PairResult.skipped(name + " loads no OSM PBF file");
    }
    if (imitation == null || best == null) {
      return PairResult.skipped(
          name
              + " lacks a legacy-format cell with text COPY and pk now, or one with binary"
              + " COPY FREEZE and pk later");
    }
    LocalTarget target = new LocalTarget(Map.of(LocalTarget.UNLABELLED, bin.toString()), workRoot);
    PostgresServer server;
    try {
      server = target.start(LocalTarget.UNLABELLED, s.settings());
    } catch (ServerException e) {
      return PairResult.skipped("PostgreSQL of " + bin + " did not start: " + e.getMessage());
    }
    try (server) {
      Osm2pgsqlHeadToHead pair =
          new Osm2pgsqlHeadToHead(server, s, imitation, best, workRoot, results, out);
      String why = pair.missing();
      if (why != null) {
        return PairResult.skipped(why + " (" + PACKAGES + ")");
      }
      String version = osm2pgsql.version();
      String pg = server.version();
      out.printf(
          Locale.ROOT,
          "%s, PostgreSQL %s: 3 contenders and the timed decode x (%d warm-up + %d) rounds%n",
          version,
          pg,
          results.rounds().warmup(),
          results.rounds().repeat());
      out.flush();
      results.server(pg, LocalTarget.UNLABELLED, server);
      try {
        pair.run();
      } catch (IOException | SQLException | ScenarioException e) {
        // pairs 1 and 2 are measured already: say why osm2pgsql could not be compared
        return PairResult.skipped("stopped: " + e.getMessage());
      }
      String file = pbf.file().getFileName().toString();
      String setup =
          String.format(
              "%s against the cells %s and %s of scenario %s on %s: PostgreSQL %s of %s"
                  + " (LocalTarget, PostGIS), settings %s",
              version,
              imitation.label(),
              best.label(),
              s.name(),
              file,
              pg,
              bin,
              s.settings());
      return new PairResult(
          List.of(setup),
          new Osm2pgsqlReport(pg, logs(results.dir()), file, imitation.label(), best.label()),
          null);
    }
  }

  /** The imitation cell (osm2pgsql 1.8's strategy, legacy format) of the scenario, or null. */
  public static Cell imitation(Scenario scenario) {
    return PgbenchHeadToHead.cell(
        scenario, Map.of("format", "text", "pk", "now", "middle_format", "legacy"));
  }

  /** The best cell of osm2pgsql issue #2110 in the legacy format, or null. */
  public static Cell best(Scenario scenario) {
    return PgbenchHeadToHead.cell(
        scenario,
        Map.of("format", "binary", "freeze", "true", "pk", "later", "middle_format", "legacy"));
  }

  /** Where osm2pgsql's logs go among a run's results. */
  static Path logs(Path resultsDir) {
    return resultsDir.resolve("osm2pgsql");
  }

  /** osm2pgsql's log of one round. */
  static Path log(Path logs, int round) {
    return logs.resolve(String.format(Locale.ROOT, "round-%d-osm2pgsql.log", round));
  }

  /**
   * Why it cannot run on this server (no PostGIS), or null; whether osm2pgsql is installed is
   * {@link Osm2pgsqlImport#missing}.
   */
  public String missing() throws SQLException {
    try (Connection c = server.connect(PostgresServer.MAINTENANCE_DATABASE);
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT 1 FROM pg_catalog.pg_available_extensions WHERE name = 'postgis'")) {
      return rs.next() ? null : "PostgreSQL " + server.version() + " has no PostGIS";
    }
  }

  public void run() throws SQLException, IOException, ScenarioException {
    Path pbf = ((OsmPbfDataset.Spec) scenario.dataset()).file();
    Dataset dataset = scenario.dataset().open(workRoot, progress::println);
    Map<String, Long> expected = new LinkedHashMap<>();
    dataset.tables(imitation.variant()).forEach(t -> expected.put(t.def().name(), t.rows().rows()));
    Path logs = Files.createDirectories(logs(results.dir()));
    CellLoad harness = new CellLoad(server, scenario, dataset, results);
    Map<String, Cell> cells = Map.of(imitation.label(), imitation, best.label(), best);
    List<String> contenders =
        List.of(Osm2pgsqlImport.NAME, imitation.label(), best.label(), DECODE);
    try (PgClient client = PgClient.of(server, DATABASE)) {
      results.alternate(
          contenders,
          (contender, round) ->
              switch (contender) {
                case Osm2pgsqlImport.NAME ->
                    List.of(osm2pgsql(client, pbf, expected, log(logs, round), round));
                case DECODE -> List.of(decode(pbf, round));
                default -> harness.run(cells.get(contender), round);
              },
          progress);
    }
  }

  private StepResult osm2pgsql(
      PgClient client, Path pbf, Map<String, Long> expected, Path logFile, int round)
      throws SQLException, IOException {
    Osm2pgsqlImport osm2pgsql = new Osm2pgsqlImport();
    Fresh.database(server, DATABASE, "CREATE EXTENSION postgis"); // 1.8 checks for it, even -O null
    Clock.Timed<String> timed = Clock.time(() -> osm2pgsql.run(client, pbf));
    StepKey key = key(Osm2pgsqlImport.NAME, pbf, round, StepKind.IMPORT);
    Map<String, String> axes = OverheadResults.axes(NAME, Map.of());
    if (!timed.ok()) {
      return results.step(key, axes, timed, null, null);
    }
    String log = timed.value();
    String password = server.credentials().jdbcProperties().getProperty("password");
    if (password != null && !password.isEmpty()) {
      log = log.replace(password, "********"); // it never prints it; a log must not hold it anyway
    }
    Files.writeString(logFile, log, StandardCharsets.UTF_8);
    String error = wrongCounts(expected);
    try {
      Osm2pgsqlImport.phases(log); // the report reads them from the log
    } catch (IOException e) {
      error = error == null ? Load.oneLine(e) : error;
    }
    long rows = expected.values().stream().mapToLong(Long::longValue).sum();
    return results.step(key, axes, timed, rows, error);
  }

  /** The middle tables' rows osm2pgsql left against the dataset's, or null when they match. */
  private String wrongCounts(Map<String, Long> expected) throws SQLException {
    List<String> wrong = new ArrayList<>();
    try (Connection c = server.connect(DATABASE);
        Statement s = c.createStatement()) {
      for (Map.Entry<String, Long> table : expected.entrySet()) {
        try (ResultSet rs = s.executeQuery("SELECT pg_catalog.count(*) FROM " + table.getKey())) {
          rs.next();
          if (rs.getLong(1) != table.getValue()) {
            wrong.add(table.getKey() + " " + rs.getLong(1) + " rows, expected " + table.getValue());
          }
        } catch (SQLException e) {
          wrong.add(table.getKey() + ": " + Load.oneLine(e));
        }
      }
    }
    return wrong.isEmpty() ? null : "wrong row counts: " + String.join("; ", wrong);
  }

  /** The harness decoding the file into an empty cache: what osm2pgsql does inside its clock. */
  private StepResult decode(Path pbf, int round) throws IOException {
    // beside the harness's cache of decoded files, on the same disk
    Path cache =
        Files.createTempDirectory(
            Files.createDirectories(workRoot.resolve("osm-pbf")), "timed-decode-");
    try {
      Clock.Timed<?> timed =
          Clock.time(
              () -> OsmPbfDataset.prepare(pbf, List.of(MiddleTable.values()), cache, note -> {}));
      return results.step(
          key(DECODE, pbf, round, StepKind.PREPARE),
          OverheadResults.axes(Contenders.HARNESS, Map.of()),
          timed,
          null,
          null);
    } finally {
      WorkRoot.delete(cache);
    }
  }

  /** A step on the PBF file as a whole, which is what osm2pgsql imports and the harness decodes. */
  private StepKey key(String cell, Path pbf, int round, StepKind step) {
    return new StepKey(server.version(), cell, round, pbf.getFileName().toString(), step, null);
  }
}
