package org.pgloadbench.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * As root, PostgreSQL runs as an unprivileged user: its superuser must not get root's file access
 * (the issue's {@code pg_read_file('/etc/shadow')} and root-owned files made by {@code COPY TO}).
 */
@Tag("server")
class ProcessIsolationTest {
  @TempDir Path dir;

  @Test
  void asRootTheServerRunsAsAnUnprivilegedUser() throws Exception {
    assumeTrue(WorkRoot.isRoot(), "only root's servers run as another user");
    try (PostgresServer server =
            Embedded.target(WorkRoots.enterable(dir).resolve("servers")).start("16", Map.of());
        Connection c = server.connect("postgres");
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT pg_backend_pid(), current_setting('port')")) {
      rs.next();
      long postmaster = EmbeddedTargetTest.postmasterPid(dir.resolve("servers"), "16");
      for (long pid : new long[] {rs.getInt(1), postmaster}) {
        String status = Files.readString(Path.of("/proc/" + pid + "/status"));
        String uids = status.lines().filter(l -> l.startsWith("Uid:")).findFirst().orElseThrow();
        // real, effective, saved and filesystem uid, as the kernel sees them (no namespace)
        assertThat(List.of(uids.split("\\s+")).subList(1, 5)).doesNotContain("0");
      }
      // root extracted the binaries where that user can reach them, wherever the project lies
      assertThat(Files.readSymbolicLink(Path.of("/proc/" + postmaster + "/exe")))
          .startsWith(WorkRoot.ROOT_CACHE.resolve("postgres"));
      // the server's user reads its password file; a third user can neither read it nor log in
      Path serverDir;
      try (var dirs = Files.list(dir.resolve("servers"))) {
        serverDir = dirs.findFirst().orElseThrow();
      }
      Path password = serverDir.resolve(EmbeddedTarget.PASSWORD_FILE);
      assertThat(Files.getOwner(password).getName()).isIn("postgres", "nobody");
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(password)))
          .isEqualTo("rw-------");
      if (!Files.getOwner(password).getName().equals(ForeignUser.NAME)) {
        assertThat(ForeignUser.probe(Integer.parseInt(rs.getString(2))))
            .isEqualTo("password required (10)");
      }
    }
    try (var left = Files.list(dir.resolve("servers"))) {
      assertThat(left).isEmpty();
    }
  }

  /** The attack, with the server's own password: root's files stay out of reach. */
  @Test
  void asRootTheServersSuperuserCannotReadOrWriteRootsFiles(@TempDir Path secrets)
      throws Exception {
    assumeTrue(WorkRoot.isRoot(), "only root's files are at stake");
    Path secret = Files.writeString(secrets.resolve("secret"), "root only\n");
    Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("rw-------"));
    Path rootOnly = Files.createDirectory(secrets.resolve("out"));
    Files.setPosixFilePermissions(rootOnly, PosixFilePermissions.fromString("rwx------"));
    Files.setPosixFilePermissions(secrets, PosixFilePermissions.fromString("rwx--x--x"));
    try (PostgresServer server =
            Embedded.target(WorkRoots.enterable(dir).resolve("servers")).start("17", Map.of());
        Connection c = server.connect("postgres");
        Statement s = c.createStatement()) {
      assertThatThrownBy(() -> s.executeQuery("SELECT pg_read_file('" + secret + "')"))
          .isInstanceOf(SQLException.class)
          .hasMessageContaining("Permission denied");
      assertThatThrownBy(() -> s.execute("COPY (SELECT 1) TO '" + rootOnly.resolve("x") + "'"))
          .isInstanceOf(SQLException.class)
          .hasMessageContaining("Permission denied");
    }
    assertThat(rootOnly.resolve("x")).doesNotExist();
  }
}
