package org.pgloadbench.dataset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.pgloadbench.copy.CopyFormat;
import org.pgloadbench.copy.RowEncoder;
import org.pgloadbench.dataset.Dataset.Table;
import org.pgloadbench.scenario.Axis;
import org.pgloadbench.variant.LoadVariant;
import org.postgresql.copy.CopyIn;
import org.postgresql.copy.CopyManager;
import org.postgresql.core.BaseConnection;

/**
 * The legacy middle rows against the real thing: osm2pgsql 1.8 (Debian 12's) imports the
 * Liechtenstein extract with {@code --slim -O null} into Debian's PostgreSQL 15, the harness loads
 * its legacy rows of the same file (in text and in binary COPY) into other databases of the same
 * server, and every middle table must hold the same rows, in the same (file) order.
 */
@Tag("server")
class Osm2pgsqlLegacyTest {
  static final Path OSM2PGSQL = Path.of("/usr/bin/osm2pgsql");
  static final Path PG15 = Path.of("/usr/lib/postgresql/15/bin");
  static final Path POSTGIS = Path.of("/usr/share/postgresql/15/extension/postgis.control");
  static final String PACKAGES =
      "needs Debian's osm2pgsql 1.8, PostgreSQL 15 and PostGIS:"
          + " apt-get install -y osm2pgsql postgresql-15-postgis-3 (.ci/run installs them)";

  @TempDir static Path cache;
  static Path cluster;
  static int port;
  static List<String> asPostgres;
  static String osm2pgsqlLog;

  @BeforeAll
  static void importWithOsm2pgsql() throws Exception {
    assumeThat(Files.isExecutable(OSM2PGSQL) && Files.isExecutable(PG15.resolve("postgres")))
        .as(PACKAGES)
        .isTrue();
    assumeThat(Files.exists(POSTGIS)).as(PACKAGES).isTrue();

    boolean root = "root".equals(System.getProperty("user.name"));
    asPostgres = root ? List.of("runuser", "-u", "postgres", "--") : List.of();
    cluster = Files.createTempDirectory("pgloadbench-osm2pgsql-");
    Files.setPosixFilePermissions(cluster, PosixFilePermissions.fromString("rwxr-xr-x"));
    if (root) {
      run(List.of("chown", "postgres:", cluster.toString()));
    }
    try (ServerSocket socket = new ServerSocket(0)) {
      port = socket.getLocalPort();
    }
    Path data = cluster.resolve("data");
    run(
        postgres(
            "initdb",
            "-D",
            data.toString(),
            "-A",
            "trust",
            "-U",
            "postgres",
            "-E",
            "UTF-8",
            "--locale=C"));
    run(
        postgres(
            "pg_ctl",
            "-w",
            "-D",
            data.toString(),
            "-l",
            cluster.resolve("log").toString(),
            "-o",
            "-c listen_addresses=127.0.0.1 -c port="
                + port
                + " -c unix_socket_directories="
                + cluster,
            "start"));

    try (Connection c = connect("postgres");
        Statement s = c.createStatement()) {
      for (String db : List.of("osm2pgsql", "harness_text", "harness_binary")) {
        s.execute("CREATE DATABASE " + db);
      }
    }
    try (Connection c = connect("osm2pgsql");
        Statement s = c.createStatement()) {
      s.execute("CREATE EXTENSION postgis"); // osm2pgsql 1.8 checks for it even with -O null
    }
    osm2pgsqlLog =
        run(
            List.of(
                OSM2PGSQL.toString(),
                "--slim",
                "-O",
                "null",
                "-H",
                "127.0.0.1",
                "-P",
                String.valueOf(port),
                "-U",
                "postgres",
                "-d",
                "osm2pgsql",
                OsmPbfDatasetTest.LIECHTENSTEIN.toString()));
  }

  @AfterAll
  static void stop() throws Exception {
    if (cluster != null) {
      run(postgres("pg_ctl", "-w", "-D", cluster.resolve("data").toString(), "-m", "fast", "stop"));
      run(List.of("rm", "-rf", cluster.toString()));
    }
  }

  @ParameterizedTest
  @EnumSource(CopyFormat.class)
  void theHarnessLegacyRowsAreOsm2pgsqlsRows(CopyFormat format) throws Exception {
    Dataset dataset =
        OsmPbfDataset.prepare(
            OsmPbfDatasetTest.LIECHTENSTEIN, List.of(MiddleTable.values()), cache, note -> {});
    String db = "harness_" + format.sqlName();
    LoadVariant variant =
        Axis.variant(Map.of("format", format.sqlName(), "middle_format", "legacy"));
    try (Connection harness = connect(db);
        Connection osm2pgsql = connect("osm2pgsql")) {
      for (Table table : dataset.tables(variant)) {
        load(harness, table, format);
        String columns = table.def().columnList();
        String name = table.def().name();
        List<String> expected = rows(osm2pgsql, name, columns, "id");
        assertThat(expected).as("osm2pgsql's %s", name).isNotEmpty();
        assertSameRows(rows(harness, name, columns, "id"), expected, name + " by id");
        // one COPY into a fresh table: physical order is load order, the file's for both
        assertSameRows(
            rows(harness, name, "id", "ctid"),
            rows(osm2pgsql, name, "id", "ctid"),
            name + " in load order");
      }
    }
  }

  @ParameterizedTest
  @EnumSource(MiddleTable.class)
  void osm2pgsqlCountsAsManyObjectsAsTheHarness(MiddleTable table) throws Exception {
    // e.g. "Processed 65733 nodes in 0s - 66k/s" in osm2pgsql 1.8's log
    String objects =
        switch (table) {
          case NODES -> "nodes";
          case WAYS -> "ways";
          case RELS -> "relations";
        };
    Matcher m = Pattern.compile("Processed (\\d+) " + objects + " in").matcher(osm2pgsqlLog);
    assertThat(m.find()).as("osm2pgsql's log:\n%s", osm2pgsqlLog).isTrue();
    OsmPbfDataset dataset =
        OsmPbfDataset.prepare(
            OsmPbfDatasetTest.LIECHTENSTEIN, List.of(MiddleTable.values()), cache, note -> {});
    assertThat(Long.parseLong(m.group(1))).isEqualTo(dataset.count(table));
  }

  private static void load(Connection c, Table table, CopyFormat format) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute(table.def().createSql(true, false));
    }
    CopyIn copy =
        new CopyManager(c.unwrap(BaseConnection.class))
            .copyIn(
                "COPY "
                    + table.def().name()
                    + " ("
                    + table.def().columnList()
                    + ") FROM STDIN (FORMAT "
                    + format.sqlName()
                    + ")");
    try {
      RowEncoder encoder = format.encoder(copy::writeToCopy);
      table.rows().writeTo(encoder);
      encoder.finish();
      assertThat(copy.endCopy()).isEqualTo(table.rows().rows());
    } finally {
      if (copy.isActive()) {
        copy.cancelCopy();
      }
    }
  }

  /** Every row as PostgreSQL prints it, in the given order. */
  private static List<String> rows(Connection c, String table, String columns, String order)
      throws SQLException {
    List<String> rows = new ArrayList<>();
    try (Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT ROW(" + columns + ")::text FROM " + table + " ORDER BY " + order)) {
      while (rs.next()) {
        rows.add(rs.getString(1));
      }
    }
    return rows;
  }

  /** Equal lists, or the first row that differs (not a diff of 65,000 rows). */
  private static void assertSameRows(List<String> actual, List<String> expected, String what) {
    for (int i = 0; i < Math.min(actual.size(), expected.size()); i++) {
      assertThat(actual.get(i)).as("%s, row %d", what, i + 1).isEqualTo(expected.get(i));
    }
    assertThat(actual.size()).as("%s: rows", what).isEqualTo(expected.size());
  }

  private static Connection connect(String db) throws SQLException {
    return DriverManager.getConnection(
        "jdbc:postgresql://127.0.0.1:" + port + "/" + db + "?user=postgres");
  }

  private static List<String> postgres(String binary, String... args) {
    List<String> command = new ArrayList<>(asPostgres);
    command.add(PG15.resolve(binary).toString());
    command.addAll(List.of(args));
    return command;
  }

  /** Runs a command to its end; its output, or an assertion error that shows it. */
  private static String run(List<String> command) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("%s ended", command).isTrue();
    assertThat(p.exitValue()).as("%s failed:\n%s", command, output).isZero();
    return output;
  }
}
