package org.pgloadbench.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.pgloadbench.metrics.Clock;
import org.pgloadbench.metrics.Sql;
import org.pgloadbench.variant.StandbyMode;
import org.postgresql.PGConnection;

/**
 * A physical standby of a server the harness started, from the same binaries: a base backup by
 * {@code pg_basebackup} where the build has it, else (the embedded binaries have none) a copy of
 * the primary's data directory made while the primary is cleanly stopped, which holds the same
 * files. It streams the primary's WAL over the loopback through a replication slot (no WAL it still
 * needs is recycled), as a replication role of its own whose random password only it holds (a 0600
 * passfile in its 0700 directory; the role's password reaches the primary as a SCRAM hash). Being a
 * copy of the primary, it has the primary's roles: the harness reads it with the primary's
 * credentials. It runs as the primary's user, in a directory of its own named as the primary's (the
 * next run stops it if this JVM is killed outright), with its own shutdown hook, and its primary
 * stops it first on every way out.
 *
 * @param madeBy how its data directory was made, as run.json records it
 */
record EmbeddedStandby(EmbeddedServer server, StandbyMode mode, String madeBy) implements Standby {
  private static final String PASSFILE = "pgpass";
  private static final long STREAMING_MILLIS = 60_000;

  /**
   * Makes {@code primary}'s standby and starts it; once it streams, a sync one is named in the
   * primary's {@code synchronous_standby_names}. On failure the primary, closed by its caller,
   * stops whatever exists of the standby.
   *
   * @param settings the primary's settings, which the standby takes too
   */
  static void start(
      EmbeddedServer primary,
      Path home,
      Path workRoot,
      String name,
      ProcessIsolation isolation,
      StandbyMode mode,
      Map<String, String> settings)
      throws ServerException {
    Path dir = ServerDir.newDir(workRoot, name + "-standby");
    Credentials replication = Credentials.random(StandbyMode.APPLICATION_NAME);
    Path pgBasebackup = home.resolve("bin/pg_basebackup");
    boolean basebackup = Files.isExecutable(pgBasebackup);
    EmbeddedServer server =
        new EmbeddedServer(home, dir, isolation, primary.credentials(), "a standby");
    primary.attach(
        new EmbeddedStandby(
            server,
            mode,
            basebackup ? "pg_basebackup" : "a copy of the primary's data directory, stopped"));
    String failure = "cannot create the standby's directory";
    ServerDir.create(dir, isolation, PASSFILE, replication::writePassfile, failure);
    String conninfo = conninfo(primary.port(), dir);
    String data = dir.resolve("data").toString();
    if (basebackup) {
      replicationRole(primary, replication);
      List<String> args = List.of("-D", data, "-X", "stream", "-c", "fast", "-d", conninfo);
      Programs.run(isolation.command(pgBasebackup, args), "pg_basebackup");
    } else {
      primary.stopCleanly();
      List<String> args = List.of("-a", "--", primary.dir().resolve("data") + "/.", data);
      Programs.run(isolation.command(Path.of("cp"), args), "copying the data directory");
      primary.start(primary.port());
      replicationRole(primary, replication);
    }
    Map<String, String> own = new LinkedHashMap<>(settings);
    own.remove("synchronous_standby_names");
    own.put("primary_conninfo", conninfo);
    own.put("primary_slot_name", StandbyMode.APPLICATION_NAME);
    // the standby reports its replay position at least every second, not every 10 s
    own.put("wal_receiver_status_interval", "1s");
    try {
      ServerFiles.replace(dir.resolve("data/standby.signal"), "");
    } catch (IOException e) {
      throw new ServerException("cannot write standby.signal in " + dir + ": " + e.getMessage(), e);
    }
    ServerDir.start(server, own, "the standby: ");
    awaitState(primary, server, "state = 'streaming'");
    if (mode == StandbyMode.SYNC) {
      Map<String, String> synchronous = new LinkedHashMap<>(settings);
      synchronous.put("synchronous_standby_names", StandbyMode.APPLICATION_NAME);
      ServerDir.writeConfig(primary.dir(), primary.port(), synchronous);
      try (Connection c = primary.connect(PostgresServer.MAINTENANCE_DATABASE)) {
        Sql.value(c, "SELECT pg_catalog.pg_reload_conf()");
      } catch (SQLException e) {
        throw new ServerException("cannot reload the primary's settings: " + e.getMessage(), e);
      }
      awaitState(primary, server, "sync_state = 'sync'");
    }
  }

  @Override
  public boolean alive() {
    return server.alive();
  }

  @Override
  public String whyDown() {
    return ServerFiles.failureReason(server.dir().resolve("postgres.log"));
  }

  @Override
  public Connection connect(String database) throws SQLException {
    return server.connect(database);
  }

  @Override
  public void recover() throws ServerException {
    server.recover();
  }

  /** How the standby reaches its primary: no password in it, only where the passfile is. */
  private static String conninfo(int port, Path dir) {
    String passfile = dir.resolve(PASSFILE).toString().replace("\\", "\\\\").replace("'", "\\'");
    // Locale.ROOT: a libpq connection string wants the port in ASCII digits, whatever the locale
    return String.format(
        Locale.ROOT,
        "host=127.0.0.1 port=%d user=%s application_name=%s passfile='%s'",
        port,
        StandbyMode.APPLICATION_NAME,
        StandbyMode.APPLICATION_NAME,
        passfile);
  }

  /**
   * The standby's replication role and slot on the primary; the password is sent as a SCRAM hash
   * made here, so the primary (and its log) never sees it.
   */
  private static void replicationRole(EmbeddedServer primary, Credentials replication)
      throws ServerException {
    try (Connection c = primary.connect(PostgresServer.MAINTENANCE_DATABASE);
        Statement s = c.createStatement()) {
      s.execute("CREATE ROLE " + replication.user() + " WITH LOGIN REPLICATION");
      c.unwrap(PGConnection.class)
          .alterUserPassword(
              replication.user(), replication.password().toCharArray(), "scram-sha-256");
      String slot = "SELECT pg_catalog.pg_create_physical_replication_slot('%s', true)";
      s.execute(slot.formatted(StandbyMode.APPLICATION_NAME));
    } catch (SQLException e) {
      throw new ServerException(
          "cannot create the standby's role on the primary: " + e.getMessage(), e);
    }
  }

  /** Waits until the primary sees the standby in {@code condition}, or says why not. */
  private static void awaitState(EmbeddedServer primary, EmbeddedServer standby, String condition)
      throws ServerException {
    String sql =
        "SELECT count(*) FROM pg_catalog.pg_stat_replication WHERE application_name = '%s' AND %s";
    try (Connection c = primary.connect(PostgresServer.MAINTENANCE_DATABASE)) {
      String count = sql.formatted(StandbyMode.APPLICATION_NAME, condition);
      Clock.Check<SQLException> seen = () -> !Sql.value(c, count).equals("0");
      if (Clock.await(STREAMING_MILLIS, 50, seen, standby::alive)) {
        return;
      }
    } catch (SQLException e) {
      throw new ServerException("cannot see the standby on the primary: " + e.getMessage(), e);
    }
    if (Thread.currentThread().isInterrupted()) {
      throw new ServerException("interrupted while waiting for the standby");
    }
    throw new ServerException(
        "the standby did not stream from its primary ("
            + condition
            + " in pg_stat_replication): "
            + ServerFiles.failureReason(standby.dir().resolve("postgres.log")));
  }
}
