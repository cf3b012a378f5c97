package org.pgloadbench.metrics;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.function.BooleanSupplier;

/**
 * How far a standby is behind its primary, read outside the clock: the WAL the primary has written
 * ({@code pg_current_wal_lsn()}) less what the standby has replayed, asked of the standby itself
 * ({@code pg_last_wal_replay_lsn()}), since the replay position the primary shows in {@code
 * pg_stat_replication} is what the standby last reported, up to {@code
 * wal_receiver_status_interval} old; and the primary's own measure of the time it took, {@code
 * pg_stat_replication.replay_lag}.
 *
 * @param primary a session on the primary
 * @param standby a session on the standby, on a database no load drops
 * @param applicationName how the primary's {@code pg_stat_replication} names the standby
 */
public record StandbyLag(Connection primary, Connection standby, String applicationName) {
  /**
   * @param bytes WAL written on the primary and not yet replayed on the standby
   * @param seconds {@code replay_lag}: the time between the primary's sending of its latest WAL and
   *     the standby's report of having replayed it; 0 when PostgreSQL shows none because the
   *     standby has caught up; null when it shows none while the standby is behind
   */
  public record Lag(long bytes, Double seconds) {}

  /** The standby's lag now. */
  public Lag now() throws SQLException {
    long written = position(primary, "SELECT pg_catalog.pg_current_wal_lsn()::text");
    long replayed = replayed();
    Double seconds;
    try (PreparedStatement s =
        primary.prepareStatement(
            "SELECT pg_catalog.date_part('epoch', replay_lag)"
                + " FROM pg_catalog.pg_stat_replication WHERE application_name = ?")) {
      s.setString(1, applicationName);
      try (ResultSet rs = s.executeQuery()) {
        seconds = rs.next() ? (Double) rs.getObject(1) : null;
      }
    }
    long bytes = Math.max(0, written - replayed);
    return new Lag(bytes, seconds == null && bytes == 0 ? Double.valueOf(0) : seconds);
  }

  /**
   * Waits until the standby has replayed everything the primary had written when asked, so that no
   * load pays for the one before's WAL; returns false when it did not within {@code millis}, or
   * when {@code alive} says the standby went down.
   */
  public boolean awaitReplay(long millis, BooleanSupplier alive)
      throws SQLException, InterruptedException {
    long written = position(primary, "SELECT pg_catalog.pg_current_wal_lsn()::text");
    boolean replayed = Clock.await(millis, 10, () -> replayed() >= written, alive);
    if (!replayed && Thread.interrupted()) {
      throw new InterruptedException();
    }
    return replayed;
  }

  private long replayed() throws SQLException {
    return position(standby, "SELECT pg_catalog.pg_last_wal_replay_lsn()::text");
  }

  private static long position(Connection c, String sql) throws SQLException {
    String lsn = Sql.value(c, sql);
    return lsn == null ? 0 : ServerProbe.parseLsn(lsn);
  }
}
