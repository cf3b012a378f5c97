package org.pgloadbench.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Another local user must not get into a server the harness started: every connection needs the
 * server's random password, which only the harness (in memory) and its owner-only file hold.
 */
@Tag("server")
class ServerSecurityTest {
  @TempDir static Path workRoot;
  private static PostgresServer server;
  private static Path serverDir;
  private static int port;

  @BeforeAll
  static void startServer() throws Exception {
    server = Embedded.target(workRoot).start("17", Map.of());
    try (Stream<Path> dirs = Files.list(workRoot)) {
      serverDir = dirs.findFirst().orElseThrow();
    }
    port = Integer.parseInt(query(server.connect("postgres"), "SHOW port"));
  }

  @AfterAll
  static void stopServer() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void theHarnessConnectsWithThePasswordAsSuperuser() throws Exception {
    assertThat(
            query(
                server.connect("postgres"),
                "SELECT current_user || ' ' || rolsuper"
                    + " FROM pg_roles WHERE rolname = current_user"))
        .isEqualTo("postgres true");
  }

  @Test
  void aConnectionWithoutThePasswordIsRefused() {
    Properties noPassword = new Properties();
    noPassword.setProperty("user", "postgres");
    assertThatThrownBy(() -> DriverManager.getConnection(server.jdbcUrl("postgres"), noPassword))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("no password was provided");
    Properties wrongPassword = Credentials.of("postgres", "postgres").jdbcProperties();
    assertThatThrownBy(() -> DriverManager.getConnection(server.jdbcUrl("postgres"), wrongPassword))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("password authentication failed");
  }

  @Test
  void anotherLocalUserIsAskedForAPasswordItCannotRead() throws Exception {
    String unavailable = ForeignUser.unavailable();
    assumeTrue(unavailable == null, unavailable);
    // 10: SASL (SCRAM-SHA-256); a server started with trust authentication answers "admitted"
    assertThat(ForeignUser.probe(port)).isEqualTo("password required (10)");
    ForeignUser.Result read =
        ForeignUser.runAsForeignUser(
            List.of("cat", serverDir.resolve(EmbeddedTarget.PASSWORD_FILE).toString()), Map.of());
    assertThat(read.exitCode()).isNotZero();
    assertThat(read.output()).contains("Permission denied");
  }

  /** The issue's own attempt, with psql: when it is installed (.ci/run installs it). */
  @Test
  void psqlAsAnotherLocalUserIsRefused() throws Exception {
    String unavailable = ForeignUser.unavailable();
    assumeTrue(unavailable == null, unavailable);
    assumeTrue(Files.isExecutable(Path.of("/usr/bin/psql")), "psql is not installed");
    List<String> psql =
        List.of(
            "/usr/bin/psql",
            "-w",
            "-h",
            "127.0.0.1",
            "-p",
            Integer.toString(port),
            "-U",
            "postgres",
            "-c",
            "COPY (SELECT 1) TO PROGRAM 'true'");
    ForeignUser.Result none = ForeignUser.runAsForeignUser(psql, Map.of());
    assertThat(none.exitCode()).isNotZero();
    assertThat(none.output()).contains("no password supplied");
    ForeignUser.Result guessed =
        ForeignUser.runAsForeignUser(psql, Map.of("PGPASSWORD", "postgres"));
    assertThat(guessed.exitCode()).isNotZero();
    assertThat(guessed.output()).contains("password authentication failed");
  }

  @Test
  void thePasswordStaysInItsOwnerOnlyFile() throws Exception {
    Path file = serverDir.resolve(EmbeddedTarget.PASSWORD_FILE);
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
        .isEqualTo("rw-------");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(serverDir)))
        .isEqualTo("rwx------");
    String password = Files.readString(file).strip();
    assertThat(password).hasSizeGreaterThanOrEqualTo(32);
    // the file is how a later process reconnects to this server
    Credentials fromFile = Credentials.of("postgres", password);
    try (Connection c =
        DriverManager.getConnection(server.jdbcUrl("postgres"), fromFile.jdbcProperties())) {
      assertThat(c.isValid(5)).isTrue();
    }
    assertThat(server.jdbcUrl("postgres")).doesNotContain(password);
    assertThat(server.credentials().toString()).doesNotContain(password);
    assertThat(Files.readString(serverDir.resolve("postgres.log"))).doesNotContain(password);
    assertThat(commandLinesOfAllProcesses()).noneMatch(line -> line.contains(password));
  }

  private static List<String> commandLinesOfAllProcesses() throws IOException {
    try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
      return procs
          .filter(p -> p.getFileName().toString().chars().allMatch(Character::isDigit))
          .map(
              p -> {
                try {
                  return new String(Files.readAllBytes(p.resolve("cmdline")));
                } catch (IOException gone) {
                  return "";
                }
              })
          .toList();
    }
  }

  private static String query(Connection connection, String sql) throws SQLException {
    try (Connection c = connection;
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getString(1);
    }
  }
}
