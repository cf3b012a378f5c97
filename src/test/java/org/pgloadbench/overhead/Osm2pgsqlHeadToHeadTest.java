package org.pgloadbench.overhead;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.results.StoredRun;
import org.pgloadbench.run.Rounds;
import org.pgloadbench.scenario.Cell;
import org.pgloadbench.scenario.Overrides;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.scenario.ScenarioLoader;
import org.pgloadbench.server.Embedded;
import org.pgloadbench.server.LocalTarget;
import org.pgloadbench.server.PostgresServer;
import org.pgloadbench.server.WorkRoots;

/**
 * Pair 3 of {@code overhead} on the small Liechtenstein extract, one round: Debian's osm2pgsql 1.8
 * and the harness's two legacy-format cells on one Debian PostgreSQL 15 started by the harness's
 * launcher. Nothing here asserts speed.
 */
@Tag("server")
class Osm2pgsqlHeadToHeadTest {
  static final Path PG15 = Path.of("/usr/lib/postgresql/15/bin");
  static final Path POSTGIS = Path.of("/usr/share/postgresql/15/extension/postgis.control");
  static final Path LIECHTENSTEIN = Path.of("data/liechtenstein-2013-08-03.osm.pbf");

  @TempDir Path dir;

  @Test
  void osm2pgsqlAndTheHarnessCellsLoadTheSameRowsAndAreCompared() throws Exception {
    assumeThat(new Osm2pgsqlImport().missing() == null && Files.exists(POSTGIS))
        .as(
            "needs Debian's osm2pgsql 1.8, PostgreSQL 15 and PostGIS:"
                + " apt-get install -y osm2pgsql postgresql-15 postgresql-15-postgis-3"
                + " (.ci/run installs them)")
        .isTrue();
    assumeThat(Files.isExecutable(PG15.resolve("postgres")))
        .as("no PostgreSQL 15 in " + PG15)
        .isTrue();
    Scenario scenario =
        ScenarioLoader.load(Path.of("scenarios/osm-real.yaml"))
            .withOverrides(Overrides.NONE.with(Overrides.DATA, LIECHTENSTEIN));
    Cell imitation = Osm2pgsqlHeadToHead.imitation(scenario);
    Cell best = Osm2pgsqlHeadToHead.best(scenario);
    assertThat(imitation.label()).isEqualTo("osm2pgsql-legacy");
    assertThat(best.label()).isEqualTo("best-legacy");

    StringWriter progress = new StringWriter();
    Path results = dir.resolve("results");
    String password;
    String version;
    Map<String, Long> osm2pgsqlRows;
    Map<String, Long> harnessRows;
    LocalTarget target =
        new LocalTarget(
            Map.of(LocalTarget.UNLABELLED, PG15.toString()),
            WorkRoots.enterable(dir).resolve("servers"));
    try (PostgresServer server = target.start(LocalTarget.UNLABELLED, scenario.settings());
        OverheadResults stored =
            new OverheadResults(results, "test", scenario, new Rounds(0, 1), "test")) {
      password = server.credentials().jdbcProperties().getProperty("password");
      version = server.version();
      Osm2pgsqlHeadToHead pair =
          new Osm2pgsqlHeadToHead(
              server,
              scenario,
              imitation,
              best,
              dir.resolve("work"),
              stored,
              new PrintWriter(progress));
      assertThat(pair.missing()).isNull();
      pair.run();
      osm2pgsqlRows = counts(server, Osm2pgsqlHeadToHead.DATABASE);
      harnessRows = counts(server, server.loadDatabase()); // the last cell's load of the round
    }

    StoredRun run = StoredRun.load(results);
    assertThat(run.failures()).as("%s", progress).isEmpty();
    assertThat(run.cells(version))
        .containsExactlyInAnyOrder(
            Osm2pgsqlImport.NAME, imitation.label(), best.label(), Osm2pgsqlHeadToHead.DECODE);
    assertThat(osm2pgsqlRows).isEqualTo(harnessRows);
    assertThat(osm2pgsqlRows.get("planet_osm_nodes")).isPositive();
    String pbf = LIECHTENSTEIN.getFileName().toString();
    assertThat(run.measured())
        .filteredOn(s -> s.cell().equals(Osm2pgsqlImport.NAME))
        .singleElement()
        .satisfies(
            s -> {
              assertThat(s.step()).isEqualTo(StepKind.IMPORT);
              assertThat(s.table()).isEqualTo(pbf);
              assertThat(s.seconds()).isPositive();
              assertThat(s.measured().rows())
                  .isEqualTo(osm2pgsqlRows.values().stream().mapToLong(Long::longValue).sum());
            });
    Path logs = Osm2pgsqlHeadToHead.logs(results);
    assertThat(Osm2pgsqlImport.phases(Files.readString(Osm2pgsqlHeadToHead.log(logs, 1))))
        .containsKeys(Osm2pgsqlImport.READING, Osm2pgsqlImport.INDEXES);

    String section =
        InertOverheadReportTest.alone(
            new Osm2pgsqlReport(version, logs, pbf, imitation.label(), best.label()), run);
    assertThat(section)
        .contains("| " + Osm2pgsqlImport.NAME + " | ")
        .contains("| " + Osm2pgsqlImport.NAME + " | " + Osm2pgsqlImport.READING + " | ")
        .containsPattern("\\| cell osm2pgsql-legacy \\| [0-9.]+ \\| [0-9]+\\.[0-9]{2}×")
        .containsPattern("\\| cell best-legacy \\| [0-9.]+ \\| [0-9]+\\.[0-9]{2}×")
        .containsPattern("goal, osm2pgsql-legacy: .*: \\*\\*(met|not met) \\([0-9.]+\\)\\*\\*")
        .containsPattern("goal, best-legacy: .*: \\*\\*(met|not met) \\([0-9.]+\\)\\*\\*");
    assertThat(password).isNotBlank();
    assertThat(section).doesNotContain(password);
    try (Stream<Path> files = Files.walk(results)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        assertThat(Files.readString(f, StandardCharsets.UTF_8))
            .as("%s", f)
            .doesNotContain(password);
      }
    }
    assertThat(progress.toString()).doesNotContain(password);
  }

  @Test
  void aServerWithoutPostgisIsSaidToLackIt() throws Exception {
    assumeThat(new Osm2pgsqlImport().missing()).as("osm2pgsql is not installed").isNull();
    Scenario scenario = ScenarioLoader.load(Path.of("scenarios/osm-real.yaml"));
    // the embedded binaries come without PostGIS
    try (PostgresServer server =
        Embedded.target(WorkRoots.enterable(dir).resolve("servers")).start("17", Map.of())) {
      Osm2pgsqlHeadToHead pair =
          new Osm2pgsqlHeadToHead(
              server,
              scenario,
              Osm2pgsqlHeadToHead.imitation(scenario),
              Osm2pgsqlHeadToHead.best(scenario),
              dir.resolve("work"),
              null, // never runs
              new PrintWriter(new StringWriter()));
      assertThat(pair.missing()).contains("has no PostGIS");
    }
  }

  @Test
  void osm2pgsqlPhasesAreReadFromItsLog() throws Exception {
    String log =
        """
        2026-11-30 06:57:52  [0] Reading input files done in 3s.
        2026-11-30 06:57:52  [0]   Processed 372749 nodes in 2s - 186k/s
        2026-11-30 06:57:52  [0]   Processed 19227 ways in 1s - 19k/s
        2026-11-30 06:57:52  [0]   Processed 496 relations in 0s - 496/s
        2026-11-30 06:57:53  [1] Done task in 140ms.
        2026-11-30 06:57:53  [2] Done task in 631ms.
        2026-11-30 06:57:53  [0] osm2pgsql took 3s overall.
        """;
    assertThat(Osm2pgsqlImport.phases(log))
        .containsExactly(
            Map.entry(Osm2pgsqlImport.READING, 3.0),
            Map.entry("nodes (whole s)", 2.0),
            Map.entry("ways (whole s)", 1.0),
            Map.entry("relations (whole s)", 0.0),
            Map.entry(Osm2pgsqlImport.INDEXES, 0.631),
            Map.entry(Osm2pgsqlImport.OVERALL, 3.0));
  }

  private static Map<String, Long> counts(PostgresServer server, String database)
      throws SQLException {
    Map<String, Long> rows = new LinkedHashMap<>();
    try (Connection c = server.connect(database);
        Statement s = c.createStatement()) {
      for (String table : List.of("planet_osm_nodes", "planet_osm_ways", "planet_osm_rels")) {
        try (ResultSet rs = s.executeQuery("SELECT count(*) FROM " + table)) {
          rs.next();
          rows.put(table, rs.getLong(1));
        }
      }
    }
    return rows;
  }
}
