package org.pgloadbench.run;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.pgloadbench.metrics.Sql;
import org.pgloadbench.metrics.StandbyLag;
import org.pgloadbench.metrics.SyncWaits;
import org.pgloadbench.results.Measurements;
import org.pgloadbench.server.PostgresServer;
import org.pgloadbench.server.Standby;
import org.pgloadbench.variant.StandbyMode;

/**
 * A load's view of its server's standby, outside the clock: before the first step the standby has
 * replayed everything before it (no load pays for the one before's WAL); around each step the time
 * a sync standby's commits waited is sampled ({@link SyncWaits}); after it the standby's lag is
 * read, and a standby gone down fails the step with that cause.
 */
final class StandbyWatch implements AutoCloseable {
  /** How long a standby may take to replay what came before a load. */
  private static final long CATCH_UP_MILLIS = 300_000;

  private final Standby standby;
  private final Connection standbySession;
  private final Connection samplerSession;
  private final StandbyLag lag;
  private final SyncWaits waits;

  private StandbyWatch(Standby standby, PostgresServer server, List<Connection> load)
      throws SQLException {
    this.standby = standby;
    // the maintenance database: a load drops its own, which would end this session on replay
    this.standbySession = standby.connect(PostgresServer.MAINTENANCE_DATABASE);
    this.lag = new StandbyLag(load.get(0), standbySession, StandbyMode.APPLICATION_NAME);
    if (standby.mode() == StandbyMode.SYNC) {
      samplerSession = server.connect(PostgresServer.MAINTENANCE_DATABASE);
      waits = new SyncWaits(samplerSession, backends(load), standby::alive);
    } else {
      samplerSession = null;
      waits = null;
    }
  }

  /**
   * The watch of {@code server}'s standby, once it has replayed all the primary has written; null
   * for a server without one.
   *
   * @param load the load's sessions on the primary
   * @throws SQLException when the standby is down or does not catch up
   */
  static StandbyWatch open(PostgresServer server, List<Connection> load) throws SQLException {
    Standby standby = server.standby().orElse(null);
    if (standby == null) {
      return null;
    }
    if (!standby.alive()) {
      throw new SQLException("the standby is down: " + standby.whyDown());
    }
    StandbyWatch watch = new StandbyWatch(standby, server, load);
    try {
      if (!watch.lag.awaitReplay(CATCH_UP_MILLIS, standby::alive)) {
        throw new SQLException(
            standby.alive()
                ? "the standby did not replay what came before the load in "
                    + CATCH_UP_MILLIS / 1000
                    + " s"
                : "the standby went down before the load: " + standby.whyDown());
      }
      return watch;
    } catch (SQLException | RuntimeException e) {
      watch.close();
      throw e;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      watch.close();
      throw new SQLException("interrupted while the standby caught up", e);
    }
  }

  /** Starts what runs beside a step: the sampling of a sync standby's waits; null for async. */
  SyncWaits.Sampling beforeStep() {
    return waits == null ? null : waits.start();
  }

  /** Why the step failed if the standby went down during it, or null while it runs. */
  String down() {
    return standby.alive() ? null : "the standby went down during this step: " + standby.whyDown();
  }

  /** The standby's lag now, and the waits, into the step's measurements. */
  void measure(Double waited, Measurements.Builder measured) throws SQLException {
    StandbyLag.Lag now = lag.now();
    measured.standbyLag(now.bytes(), now.seconds()).syncWaitSeconds(waited);
  }

  /** The process ids of the load's backends. */
  private static List<Long> backends(List<Connection> load) throws SQLException {
    List<Long> pids = new ArrayList<>();
    for (Connection c : load) {
      pids.add(Long.parseLong(Sql.value(c, "SELECT pg_catalog.pg_backend_pid()")));
    }
    return pids;
  }

  @Override
  public void close() {
    for (Connection c : new Connection[] {standbySession, samplerSession}) {
      try {
        if (c != null) {
          c.close();
        }
      } catch (SQLException e) {
        // the standby or its primary went down: nothing to close
      }
    }
  }
}
