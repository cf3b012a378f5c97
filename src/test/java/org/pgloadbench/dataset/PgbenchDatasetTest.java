package org.pgloadbench.dataset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.copy.CopyFormat;
import org.pgloadbench.copy.RowEncoder;
import org.pgloadbench.server.Embedded;
import org.pgloadbench.server.PostgresServer;
import org.postgresql.copy.CopyIn;
import org.postgresql.copy.CopyManager;
import org.postgresql.core.BaseConnection;

/**
 * The pgbench dataset writes what {@code pgbench -i} writes: the same columns and, table by table,
 * the same row count and the same ordered rows (compared by digest) as a real {@code pgbench -i -s
 * 1} on the same server. Skipped, saying so, where the pgbench client is not installed (Debian:
 * apt-get install postgresql-client).
 */
@Tag("server")
class PgbenchDatasetTest {
  @TempDir Path workRoot;

  @Test
  void rowsAndColumnsMatchARealPgbenchInit() throws Exception {
    Path pgbench = findPgbench();
    assumeTrue(
        pgbench != null,
        "pgbench is not installed (apt-get install postgresql-client): the comparison with a real"
            + " pgbench -i is skipped");
    try (PostgresServer server = Embedded.target(workRoot).start("16", Map.of());
        Connection admin = server.connect(PostgresServer.MAINTENANCE_DATABASE);
        Statement s = admin.createStatement()) {
      s.execute("CREATE DATABASE by_pgbench");
      s.execute("CREATE DATABASE by_harness");
      URI uri = URI.create(server.jdbcUrl("by_pgbench").substring("jdbc:".length()));
      // the password goes to pgbench in a passfile only its owner reads, never on its command line
      Path passfile = workRoot.resolve("pgpass");
      Files.writeString(
          passfile,
          "*:*:*:*:" + server.credentials().jdbcProperties().getProperty("password", "") + "\n");
      Files.setPosixFilePermissions(passfile, PosixFilePermissions.fromString("rw-------"));
      ProcessBuilder command =
          new ProcessBuilder(
                  pgbench.toString(),
                  "-i",
                  "-s",
                  "1",
                  "-h",
                  uri.getHost(),
                  "-p",
                  String.valueOf(uri.getPort()),
                  "-U",
                  server.user(),
                  "by_pgbench")
              .redirectErrorStream(true);
      command.environment().put("PGPASSFILE", passfile.toString());
      Process p = command.start();
      String output = new String(p.getInputStream().readAllBytes());
      assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
      assertThat(p.exitValue()).as(output).isZero();
      assertThat(output).contains("done in");

      Dataset dataset = PgbenchDataset.of(100_000);
      try (Connection c = server.connect("by_harness")) {
        for (Dataset.Table table : dataset.tables(null)) {
          load(c, table);
        }
      }
      try (Connection a = server.connect("by_pgbench");
          Connection b = server.connect("by_harness")) {
        for (Dataset.Table table : dataset.tables(null)) {
          String name = table.def().name();
          assertThat(columns(b, name)).as(name).isEqualTo(columns(a, name));
          assertThat(digest(b, name)).as(name).isEqualTo(digest(a, name));
        }
        assertThat(digest(a, "pgbench_accounts")).startsWith("100000:");
        assertThat(digest(a, "pgbench_tellers")).startsWith("10:");
      }
    }
  }

  @Test
  void branchesAndTellersFollowTheAccounts() {
    List<Dataset.Table> tables = PgbenchDataset.of(250_000).tables(null);
    assertThat(tables)
        .extracting(t -> t.def().name() + "=" + t.rows().rows())
        .containsExactly(
            "pgbench_branches=3",
            "pgbench_tellers=30",
            "pgbench_accounts=250000",
            "pgbench_history=0");
    var tellers = CapturingEncoder.rowsOf(tables.get(1).rows());
    assertThat(tellers.get(29)).containsExactly(30, 3, 0, null);
    var accounts = CapturingEncoder.rowsOf(tables.get(2).rows().slice(2, 3));
    assertThat(accounts.get(accounts.size() - 1)).containsExactly(250_000, 3, 0, "");
  }

  private static void load(Connection c, Dataset.Table table) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute(table.def().createSql(false, false));
    }
    CopyIn copy =
        new CopyManager(c.unwrap(BaseConnection.class))
            .copyIn("COPY " + table.def().name() + " FROM STDIN");
    RowEncoder encoder = CopyFormat.TEXT.encoder(copy::writeToCopy);
    table.rows().writeTo(encoder);
    encoder.finish();
    assertThat(copy.endCopy()).isEqualTo(table.rows().rows());
  }

  /** Column name, type and nullability, in order. */
  private static Map<String, String> columns(Connection c, String table) throws SQLException {
    Map<String, String> columns = new LinkedHashMap<>();
    try (Statement s = c.createStatement();
        ResultSet r =
            s.executeQuery(
                "SELECT attname, format_type(atttypid, atttypmod), attnotnull FROM pg_attribute"
                    + " WHERE attrelid = '"
                    + table
                    + "'::regclass AND attnum > 0 ORDER BY attnum")) {
      while (r.next()) {
        columns.put(r.getString(1), r.getString(2) + (r.getBoolean(3) ? " not null" : ""));
      }
    }
    return columns;
  }

  /** Row count and the md5 of every row's text, ordered by all columns. */
  private static String digest(Connection c, String table) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet r =
            s.executeQuery(
                "SELECT count(*) || ':' || coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)),"
                    + " '-') FROM "
                    + table
                    + " t")) {
      r.next();
      return r.getString(1);
    }
  }

  private static Path findPgbench() {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
      Path candidate = Path.of(dir, "pgbench");
      if (Files.isExecutable(candidate)) {
        return candidate;
      }
    }
    return null;
  }
}
