package org.pgloadbench.metrics;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * PostgreSQL's own account of a step's I/O, read by SQL on any target: {@code pg_stat_io} (16+) for
 * table and index blocks read, written, extended and synced, by every backend type (a backend that
 * exited, a parallel worker say, included); {@code pg_stat_wal} (14+) for full-page images and
 * writes forced by full WAL buffers. Reads here are reads from the kernel, which the page cache may
 * serve; the operating system's figures ({@link ResourceMeter}) say what reached the disk.
 *
 * <p>A backend hands its counts over when idle, at most once a second unless asked: each of the
 * step's connections is asked ({@code pg_stat_force_next_flush()}, 15+) before the reading. The
 * checkpointer and background writer hand theirs over on their own schedule (after a checkpoint,
 * say), so a little of their work can show in the next step.
 */
public final class StatIo {
  /** Backends that do a load's own work: its sessions and their parallel workers. */
  private static final String LOADING = "('client backend', 'background worker')";

  private final String sql;
  private final String checkpoints;
  private final boolean flush;
  private final List<String> missing = new ArrayList<>();

  private StatIo(int versionNum) {
    flush = versionNum >= 150000;
    String io;
    if (versionNum >= 160000) {
      // 18 counts bytes itself (an operation may span several blocks); 16 and 17 one op_bytes each
      boolean bytes = versionNum >= 180000;
      String read = bytes ? "read_bytes" : "reads * op_bytes";
      String write = bytes ? "write_bytes" : "writes * op_bytes";
      String extend = bytes ? "extend_bytes" : "extends * op_bytes";
      io =
          ("SELECT sum(%1$s)::int8, sum(%2$s)::int8, (sum(%2$s) FILTER (WHERE backend_type IN "
                  + LOADING
                  + "))::int8, sum(%3$s)::int8, sum(fsyncs)::int8"
                  + " FROM pg_catalog.pg_stat_io WHERE object IN ('relation', 'temp relation')")
              .formatted(read, write, extend);
    } else {
      io = "SELECT NULL::int8, NULL::int8, NULL::int8, NULL::int8, NULL::int8";
      missing.add("pg_stat_io (blocks read, written, extended, synced): PostgreSQL 16 or later");
    }
    sql =
        "SELECT io.*, w.wal_fpi, w.wal_buffers_full FROM (" + io + ") io, pg_catalog.pg_stat_wal w";
    checkpoints =
        versionNum < 160000
            ? null
            : versionNum < 170000
                ? "SELECT checkpoints_timed + checkpoints_req FROM pg_catalog.pg_stat_bgwriter"
                : "SELECT num_timed + num_requested FROM pg_catalog.pg_stat_checkpointer";
  }

  /** The statistics this server has, judged by its version. */
  public static StatIo of(Connection connection) throws SQLException {
    int version =
        Integer.parseInt(
            Sql.value(connection, "SELECT pg_catalog.current_setting('server_version_num')"));
    return version < 140000 ? null : new StatIo(version);
  }

  /** What this server's statistics do not tell, each as {@code "what: why"}. */
  public List<String> missing() {
    return missing;
  }

  /**
   * The counters now, on {@code probe}, after each of {@code sessions} (a step's connections) has
   * handed its own over. A session inside a transaction (a FREEZE cell's CREATE TABLE before its
   * COPY commits) is left alone: nothing is run in it that could fail it.
   *
   * <p>After a CHECKPOINT step ({@code checkpointed}: the reading before it; null for any other
   * step) the checkpointer hands its counts over just after it tells the waiting session the
   * checkpoint is done, so the reading waits (a second at most) until it has, as its count of
   * checkpoints, past {@code checkpointed}'s, shows.
   */
  public Reading read(Connection probe, List<Connection> sessions, Reading checkpointed)
      throws SQLException {
    Long done = null;
    if (checkpoints != null) {
      long deadline = System.nanoTime() + 1_000_000_000L;
      do {
        done = Long.parseLong(Sql.value(probe, checkpoints));
      } while (checkpointed != null
          && checkpointed.checkpoints() != null
          && done <= checkpointed.checkpoints()
          && System.nanoTime() < deadline
          && Clock.pause(10));
    }
    if (flush) {
      for (Connection c : sessions) {
        if (c.getAutoCommit()) {
          Sql.value(c, "SELECT pg_catalog.pg_stat_force_next_flush()");
        }
      }
    }
    try (Statement s = probe.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return new Reading(
          Sql.nullable(rs, 1),
          Sql.nullable(rs, 2),
          Sql.nullable(rs, 3),
          Sql.nullable(rs, 4),
          Sql.nullable(rs, 5),
          Sql.nullable(rs, 6),
          Sql.nullable(rs, 7),
          done);
    }
  }

  /**
   * The counters, or (as {@link #since}) a step's share of them; null where the server has none.
   *
   * @param readBytes table and index bytes read from the kernel (page cache or disk)
   * @param writtenBytes bytes written out of shared buffers, by every backend type
   * @param backendWrittenBytes of those, by the load's own sessions and their workers: buffers they
   *     had to clean themselves to get a free one, the checkpointer and background writer writing
   *     the rest
   * @param extendedBytes bytes by which tables and indexes grew
   * @param fsyncs files synced (by the checkpointer, or a backend when its queue was full)
   * @param walFpi full-page images written to WAL
   * @param walBuffersFull WAL writes forced because the WAL buffers were full
   * @param checkpoints checkpoints the checkpointer has reported (16+), to wait for its counts
   */
  public record Reading(
      Long readBytes,
      Long writtenBytes,
      Long backendWrittenBytes,
      Long extendedBytes,
      Long fsyncs,
      Long walFpi,
      Long walBuffersFull,
      Long checkpoints) {
    public Reading since(Reading before) {
      return new Reading(
          ResourceUse.minus(readBytes, before.readBytes),
          ResourceUse.minus(writtenBytes, before.writtenBytes),
          ResourceUse.minus(backendWrittenBytes, before.backendWrittenBytes),
          ResourceUse.minus(extendedBytes, before.extendedBytes),
          ResourceUse.minus(fsyncs, before.fsyncs),
          ResourceUse.minus(walFpi, before.walFpi),
          ResourceUse.minus(walBuffersFull, before.walBuffersFull),
          ResourceUse.minus(checkpoints, before.checkpoints));
    }
  }
}
