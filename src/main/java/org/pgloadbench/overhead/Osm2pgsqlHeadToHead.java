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
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.pgloadbench.dataset.Dataset;
import org.pgloadbench.dataset.DatasetSpec;
import org.pgloadbench.dataset.MiddleTable;
import org.pgloadbench.dataset.OsmPbfDataset;
import org.pgloadbench.metrics.Clock;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.scenario.Cell;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.scenario.ScenarioException;
import org.pgloadbench.server.PostgresServer;
import org.pgloadbench.server.WorkRoot;

/**
 * {@code osm2pgsql --slim -O null} against the harness's imitation of it (the scenario's cell in
 * osm2pgsql 1.8's legacy middle format: text COPY, primary key present) and the best cell of
 * osm2pgsql issue #2110 (binary COPY FREEZE, primary key after), on the same server, each into a
 * fresh database after a CHECKPOINT, the order rotating round after round. osm2pgsql is timed
 * around its process: its clock includes reading and parsing the PBF file, which the harness does
 * once before any clock starts; so each round also times the harness's own decode of the file, kept
 * apart.
 */
public final class Osm2pgsqlHeadToHead {
  static final String DATABASE = "osm2pgsql";

  /** The harness decoding the PBF file into its cache, timed alone (no server). */
  static final String DECODE = "harness PBF decode";

  /**
   * One load (or the decode) by one contender: its wall seconds, parts (osm2pgsql's log phases, or
   * the harness's steps), or why it failed.
   */
  public record Load(
      String contender, int round, double seconds, Map<String, Double> parts, String error) {
    public boolean ok() {
      return error == null;
    }
  }

  private final PostgresServer server;
  private final Scenario scenario;
  private final Cell imitation;
  private final Cell best;
  private final int repeat;
  private final int warmup;
  private final Path workRoot;
  private final Path resultsDir;
  private final PrintWriter progress;
  private final Osm2pgsqlImport osm2pgsql = new Osm2pgsqlImport();

  /**
   * @param workRoot where the decoded PBF file is cached (and decoded again, timed, each round)
   */
  public Osm2pgsqlHeadToHead(
      PostgresServer server,
      Scenario scenario,
      Cell imitation,
      Cell best,
      int repeat,
      int warmup,
      Path workRoot,
      Path resultsDir,
      PrintWriter progress) {
    this.server = server;
    this.scenario = scenario;
    this.imitation = imitation;
    this.best = best;
    this.repeat = repeat;
    this.warmup = warmup;
    this.workRoot = workRoot;
    this.resultsDir = resultsDir;
    this.progress = progress;
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

  /** Why it cannot run on this server (osm2pgsql or PostGIS missing), or null. */
  public String missing() throws SQLException {
    if (osm2pgsql.missing() != null) {
      return osm2pgsql.missing();
    }
    try (Connection c = server.connect(PostgresServer.MAINTENANCE_DATABASE);
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT 1 FROM pg_catalog.pg_available_extensions WHERE name = 'postgis'")) {
      return rs.next() ? null : "PostgreSQL " + server.version() + " has no PostGIS";
    }
  }

  public List<Load> run()
      throws SQLException, IOException, InterruptedException, ScenarioException {
    Path pbf = ((DatasetSpec.OsmPbf) scenario.dataset()).file();
    Dataset dataset = scenario.dataset().open(workRoot, progress::println);
    Map<String, Long> expected = new LinkedHashMap<>();
    dataset.tables(imitation.variant()).forEach(t -> expected.put(t.def().name(), t.rows().rows()));
    Files.createDirectories(resultsDir);
    List<String> contenders = List.of(Osm2pgsqlImport.NAME, imitation.label(), best.label());
    List<Load> all = new ArrayList<>();
    try (PgClient client = PgClient.of(server, DATABASE)) {
      for (int round = 1 - warmup; round <= repeat; round++) {
        List<Load> loads = new ArrayList<>();
        for (int i = 0; i < contenders.size(); i++) {
          int which = Math.floorMod(i + round, contenders.size());
          loads.add(
              which == 0
                  ? osm2pgsql(client, pbf, expected, round)
                  : harness(dataset, which == 1 ? imitation : best, round));
        }
        loads.add(decode(pbf, round));
        for (Load load : loads) {
          progress.println(line(load));
        }
        progress.flush();
        if (round >= 1) {
          all.addAll(loads);
        }
      }
    }
    Files.writeString(resultsDir.resolve("loads.csv"), csv(all), StandardCharsets.UTF_8);
    return all;
  }

  private Load osm2pgsql(PgClient client, Path pbf, Map<String, Long> expected, int round)
      throws SQLException, IOException {
    Fresh.database(server, DATABASE, "CREATE EXTENSION postgis"); // 1.8 checks for it, even -O null
    Clock.Timed<String> timed = Clock.time(() -> osm2pgsql.run(client, pbf));
    if (!timed.ok()) {
      return failed(Osm2pgsqlImport.NAME, round, HeadToHead.oneLine(timed.error()));
    }
    String log = timed.value();
    double seconds = timed.seconds();
    String password = server.credentials().jdbcProperties().getProperty("password");
    if (password != null && !password.isEmpty()) {
      log = log.replace(password, "********"); // it never prints it; a log must not hold it anyway
    }
    Files.writeString(
        resultsDir.resolve(String.format(Locale.ROOT, "round-%d-osm2pgsql.log", round)),
        log,
        StandardCharsets.UTF_8);
    String wrong = wrongCounts(expected);
    if (wrong != null) {
      return failed(Osm2pgsqlImport.NAME, round, wrong);
    }
    try {
      return new Load(Osm2pgsqlImport.NAME, round, seconds, Osm2pgsqlImport.phases(log), null);
    } catch (IOException e) {
      return failed(Osm2pgsqlImport.NAME, round, HeadToHead.oneLine(e));
    }
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
          wrong.add(table.getKey() + ": " + HeadToHead.oneLine(e));
        }
      }
    }
    return wrong.isEmpty() ? null : "wrong row counts: " + String.join("; ", wrong);
  }

  private Load harness(Dataset dataset, Cell cell, int round)
      throws IOException, ScenarioException {
    Map<StepKind, Double> bySteps = new HashMap<>();
    double total = 0;
    for (StepResult step : CellLoad.run(server, scenario, dataset, cell, round, resultsDir)) {
      if (!step.ok()) {
        return failed(cell.label(), round, step.table() + " " + step.step() + ": " + step.error());
      }
      bySteps.merge(step.step(), step.seconds(), Double::sum);
      total += step.seconds();
    }
    Map<String, Double> parts = new LinkedHashMap<>(); // in the scenario's order
    scenario.steps().stream()
        .filter(bySteps::containsKey)
        .forEach(step -> parts.put(step.yamlName(), bySteps.get(step)));
    return new Load(cell.label(), round, total, parts, null);
  }

  /** The harness decoding the file into an empty cache: what osm2pgsql does inside its clock. */
  private Load decode(Path pbf, int round) throws IOException {
    // beside the harness's cache of decoded files, on the same disk
    Path cache =
        Files.createTempDirectory(
            Files.createDirectories(workRoot.resolve("osm-pbf")), "timed-decode-");
    try {
      Clock.Timed<?> timed =
          Clock.time(
              () -> OsmPbfDataset.prepare(pbf, List.of(MiddleTable.values()), cache, note -> {}));
      return timed.ok()
          ? new Load(DECODE, round, timed.seconds(), Map.of(), null)
          : failed(DECODE, round, HeadToHead.oneLine(timed.error()));
    } finally {
      WorkRoot.delete(cache);
    }
  }

  private static Load failed(String contender, int round, String error) {
    return new Load(contender, round, 0, Map.of(), error);
  }

  static String csv(List<Load> loads) {
    StringBuilder csv = new StringBuilder("contender,round,seconds,error\n");
    for (Load l : loads) {
      csv.append(l.contender())
          .append(',')
          .append(l.round())
          .append(',')
          .append(String.format(Locale.ROOT, "%.6f", l.seconds()))
          .append(',')
          .append(l.error() == null ? "" : '"' + l.error().replace("\"", "\"\"") + '"')
          .append('\n');
    }
    return csv.toString();
  }

  private static String line(Load l) {
    return String.format(
        Locale.ROOT,
        "osm2pgsql  %-28s %s  %s",
        l.contender(),
        l.round() < 1 ? "warm-up" : "round " + l.round(),
        l.ok() ? String.format(Locale.ROOT, "%.3f s", l.seconds()) : "FAILED: " + l.error());
  }
}
