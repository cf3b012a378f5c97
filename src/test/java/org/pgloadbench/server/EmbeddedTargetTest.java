package org.pgloadbench.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("server")
class EmbeddedTargetTest {
  @TempDir Path workRoot;

  @Test
  void startsTwoVersionsSideBySideWithTheSettingsGivenAndStopsThem() throws Exception {
    EmbeddedTarget target = Embedded.target(workRoot);
    long postmaster;
    String quotesAndBackslashes = "it's C:\\dir\\";
    try (PostgresServer v15 =
            target.start("15", Map.of("work_mem", "8MB", "cluster_name", quotesAndBackslashes));
        PostgresServer v17 = target.start("17", Map.of())) {
      assertThat(v15.version()).startsWith("15.");
      assertThat(v17.version()).startsWith("17.");
      assertThat(show(v15, "work_mem")).isEqualTo("8MB");
      assertThat(show(v15, "cluster_name")).isEqualTo(quotesAndBackslashes);
      assertThat(show(v17, "work_mem")).isEqualTo("4MB");
      assertThat(show(v17, "fsync")).isEqualTo("on");
      assertThat(show(v17, "data_checksums")).isEqualTo("off");
      assertThat(show(v17, "listen_addresses")).isEqualTo("127.0.0.1");
      postmaster = postmasterPid(workRoot, "17");
      assertThat(Processes.isRunning(postmaster)).isTrue();
    }
    assertThat(Processes.hasEnded(postmaster)).isTrue();
    try (var dirs = Files.list(workRoot)) {
      assertThat(dirs).isEmpty();
    }
  }

  @Test
  void version18GetsTheSameChecksumSettingAsTheOthers() throws Exception {
    try (PostgresServer v18 = Embedded.target(workRoot).start("18", Map.of())) {
      assertThat(show(v18, "data_checksums")).isEqualTo("off");
    }
  }

  @Test
  void aBadSettingIsAOneLineErrorNamingIt() {
    assertThatThrownBy(
            () -> Embedded.target(workRoot).start("16", Map.of("shared_buffers", "lots")))
        .isInstanceOf(ServerException.class)
        .hasMessageContaining("shared_buffers")
        .hasMessageNotContaining("\n");
  }

  @Test
  void anUnknownVersionListsTheAvailableOnes() {
    assertThatThrownBy(() -> Embedded.target(workRoot).start("9", Map.of()))
        .isInstanceOf(ServerException.class)
        .hasMessageContaining("PostgreSQL 9 is not available")
        .hasMessageContaining("17.");
  }

  private static String show(PostgresServer server, String setting) throws SQLException {
    try (Connection c = server.connect("postgres");
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SHOW " + setting)) {
      rs.next();
      return rs.getString(1);
    }
  }

  /** The postmaster's pid, from the pid file in the server's directory under the work root. */
  static long postmasterPid(Path workRoot, String major) throws IOException {
    try (Stream<Path> dirs = Files.list(workRoot)) {
      Path dir =
          dirs.filter(d -> d.getFileName().toString().contains("-pg" + major + "."))
              .findFirst()
              .orElseThrow();
      return Long.parseLong(Files.readAllLines(dir.resolve("data/postmaster.pid")).get(0).strip());
    }
  }
}
