package org.pgloadbench.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The fallback for root where user namespaces are blocked: PostgreSQL runs as another user. */
class ProcessIsolationTest {
  @TempDir Path dir;

  @AfterEach
  void chooseAgain() {
    System.clearProperty(ProcessIsolation.PROPERTY);
  }

  @Test
  void asRootWithoutUnshareTheServerRunsAsAnUnprivilegedUser() throws Exception {
    assumeTrue("root".equals(System.getProperty("user.name")), "only root needs the fallback");
    System.setProperty(ProcessIsolation.PROPERTY, "setpriv");
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
    EmbeddedTarget target = new EmbeddedTarget(dir.resolve("servers"));
    PostgresServer server;
    try {
      server = target.start("16", Map.of());
    } catch (ServerException e) {
      assumeTrue(!e.getMessage().contains("cannot run"), e.getMessage());
      throw e;
    }
    try (server;
        Connection c = server.connect("postgres");
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT pg_backend_pid(), current_setting('port')")) {
      rs.next();
      String status = Files.readString(Path.of("/proc/" + rs.getInt(1) + "/status"));
      String uid = status.lines().filter(l -> l.startsWith("Uid:")).findFirst().orElseThrow();
      assertThat(uid.split("\\s+")[1]).isNotEqualTo("0");
      // the server's user reads its password file; a third user can neither read it nor log in
      Path serverDir;
      try (var dirs = Files.list(dir.resolve("servers"))) {
        serverDir = dirs.findFirst().orElseThrow();
      }
      Path password = serverDir.resolve(EmbeddedTarget.PASSWORD_FILE);
      assertThat(Files.getOwner(password).getName()).isNotEqualTo("root");
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

  @Test
  void anUnknownIsolationIsAOneLineError() {
    System.setProperty(ProcessIsolation.PROPERTY, "chroot");
    assertThatThrownBy(() -> new EmbeddedTarget(dir).start("16", Map.of()))
        .isInstanceOf(ServerException.class)
        .hasMessage("pgloadbench.isolation=chroot: use direct, unshare or setpriv");
  }
}
