package org.pgloadbench.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.metrics.SyncWaits;
import org.pgloadbench.variant.ServerVariant;
import org.pgloadbench.variant.SettingsProfile;
import org.pgloadbench.variant.StandbyMode;

/**
 * A server's physical standby: made from the same binaries (a copy of the stopped primary for the
 * embedded ones, pg_basebackup for a build that has it), streaming, in sync when asked, with the
 * settings a standby needs in place of a profile's; stopped and deleted with its primary.
 */
@Tag("server")
class StandbyTest {
  private static final Path DEBIAN_15 = Path.of("/usr/lib/postgresql/15/bin");

  @TempDir Path dir;

  @Test
  void aSyncStandbyOfTheEmbeddedBinariesReplaysWhatTheBulkLoadProfileWouldNotShip()
      throws Exception {
    Path work = WorkRoots.enterable(dir).resolve("servers");
    long standbyPid;
    long primaryPid;
    // the bulk-load profile's wal_level and WAL senders give way to what a standby needs
    try (PostgresServer primary =
        Embedded.target(work)
            .start(
                new ServerStart(
                    "17",
                    Map.of("wal_level", "minimal", "max_wal_senders", "0"),
                    new ServerVariant(SettingsProfile.DEFAULTS, 0, List.of(StandbyMode.SYNC))))) {
      Standby standby = primary.standby().orElseThrow();
      assertThat(standby.mode()).isEqualTo(StandbyMode.SYNC);
      assertThat(primary.details())
          .containsEntry("standby", "sync")
          .containsEntry("standby_made_by", "a copy of the primary's data directory, stopped");
      try (Connection c = primary.connect(PostgresServer.MAINTENANCE_DATABASE);
          Statement s = c.createStatement()) {
        assertThat(text(s, "SHOW wal_level")).isEqualTo("replica");
        assertThat(text(s, "SHOW synchronous_standby_names"))
            .isEqualTo(StandbyMode.APPLICATION_NAME);
        assertThat(
                text(
                    s,
                    "SELECT sync_state FROM pg_stat_replication WHERE application_name = '"
                        + StandbyMode.APPLICATION_NAME
                        + "'"))
            .isEqualTo("sync");
        s.execute("CREATE TABLE t AS SELECT generate_series(1, 1000) AS i");
        commitWaitsForTheStandby(c, standbyPid = postmasterOf(work, true));
      }
      try (Connection c = standby.connect(PostgresServer.MAINTENANCE_DATABASE);
          Statement s = c.createStatement()) {
        assertThat(text(s, "SELECT pg_is_in_recovery()")).isEqualTo("t");
        // a sync commit returned once the standby flushed it; replay follows soon after
        for (int i = 0; i < 100 && !text(s, "SELECT to_regclass('t')::text").equals("t"); i++) {
          Thread.sleep(50);
        }
        assertThat(text(s, "SELECT count(*) FROM t")).isEqualTo("1000");
      }
      primaryPid = postmasterOf(work, false);
      assertThat(standby.alive()).isTrue();
    }
    assertThat(Processes.hasEnded(standbyPid)).isTrue();
    assertThat(Processes.hasEnded(primaryPid)).isTrue();
    try (Stream<Path> left = Files.list(work)) {
      assertThat(left).isEmpty();
    }
  }

  @Test
  void aBuildWithPgBasebackupMakesItsStandbyWithIt() throws Exception {
    assumeThat(Files.isExecutable(DEBIAN_15.resolve("pg_basebackup")))
        .as("Debian's PostgreSQL 15 is not installed (apt-get install postgresql-15)")
        .isTrue();
    Path work = WorkRoots.enterable(dir).resolve("servers");
    try (PostgresServer primary =
        new LocalTarget(Map.of(LocalTarget.UNLABELLED, DEBIAN_15.toString()), work)
            .start(
                new ServerStart(
                    LocalTarget.UNLABELLED,
                    Map.of(),
                    new ServerVariant(SettingsProfile.DEFAULTS, 0, List.of(StandbyMode.ASYNC))))) {
      assertThat(primary.details())
          .containsEntry("standby", "async")
          .containsEntry("standby_made_by", "pg_basebackup");
      try (Connection c = primary.standby().orElseThrow().connect("postgres");
          Statement s = c.createStatement()) {
        assertThat(text(s, "SELECT pg_is_in_recovery()")).isEqualTo("t");
      }
    }
  }

  @Test
  void targetsThatDoNotStartTheirServersHaveNoStandby() {
    assertThat(Embedded.target(dir).whyNoStandby()).isNull();
    assertThat(new UrlTarget("postgresql://u@127.0.0.1:1/db", "run").whyNoStandby())
        .contains("does not start its servers");
    assertThat(new ContainerTarget(null).whyNoStandby()).contains("no standby");
  }

  /**
   * With the standby's processes stopped, a commit waits, and its backend shows it where {@link
   * SyncWaits} looks; once they go on, the commit returns.
   */
  private static void commitWaitsForTheStandby(Connection c, long standby) throws Exception {
    long backend = Long.parseLong(text(c.createStatement(), "SELECT pg_backend_pid()"));
    SyncWaits waits = new SyncWaits(c, List.of(backend), () -> true);
    assertThat(waits.waiting()).isZero();
    List<Long> processes = new ArrayList<>(List.of(standby));
    ProcessHandle.of(standby).orElseThrow().children().forEach(p -> processes.add(p.pid()));
    signal("-STOP", processes);
    try {
      CompletableFuture<Void> commit =
          CompletableFuture.runAsync(
              () -> {
                try (Statement s = c.createStatement()) {
                  s.execute("CREATE TABLE u (i int)");
                } catch (SQLException e) {
                  throw new IllegalStateException(e);
                }
              });
      for (int i = 0; i < 100 && waits.waiting() == 0; i++) {
        Thread.sleep(50);
      }
      assertThat(waits.waiting()).isEqualTo(1);
      assertThat(commit).isNotDone();
      signal("-CONT", processes);
      commit.get(30, TimeUnit.SECONDS);
      assertThat(waits.waiting()).isZero();
    } finally {
      signal("-CONT", processes);
    }
  }

  private static void signal(String signal, List<Long> pids) throws Exception {
    List<String> command = new ArrayList<>(List.of("kill", signal));
    pids.forEach(pid -> command.add(Long.toString(pid)));
    new ProcessBuilder(command).start().waitFor();
  }

  private static String text(Statement s, String sql) throws SQLException {
    try (ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getString(1);
    }
  }

  /** The postmaster of the standby, or of the primary. */
  private static long postmasterOf(Path work, boolean standby) throws Exception {
    try (Stream<Path> dirs = Files.list(work)) {
      Path server =
          dirs.filter(d -> d.getFileName().toString().contains("-standby-") == standby)
              .findFirst()
              .orElseThrow();
      return Long.parseLong(Files.readAllLines(server.resolve("data/postmaster.pid")).get(0));
    }
  }
}
