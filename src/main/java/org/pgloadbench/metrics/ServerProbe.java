package org.pgloadbench.metrics;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * What the runner reads from the server around a step, outside the timed region: the WAL insert
 * position, and the table's size and visibility map afterwards. A step's WAL is the difference of
 * the positions after it and after the step before (or at the start of the load).
 *
 * <p>Every function is named with its schema ({@code pg_catalog}, or {@link #SCHEMA} for the
 * extensions'), so that no function of the same name elsewhere on the search path (say in {@code
 * public}, as in CVE-2018-1058) runs as the harness's role instead.
 */
public final class ServerProbe {
  /** The schema the probe's extensions are created in, in the harness's own database. */
  static final String SCHEMA = "pgloadbench_probe";

  /**
   * Heap pages at the end of the table that were never initialised: from 16 on, COPY extends a
   * table many pages at a time and leaves the last few unused. Counted backwards from the end,
   * reading only those pages and the first one in use, so the probe costs next to nothing and sets
   * no hint bits.
   */
  private static final String TRAILING_NEW_PAGES =
      """
      WITH RECURSIVE tail(block) AS (
        SELECT pg_catalog.pg_relation_size(c.oid)
          / pg_catalog.current_setting('block_size')::int8
        UNION ALL
        SELECT block - 1 FROM tail
        WHERE block > 0
          AND (%1$s.page_header(%1$s.get_raw_page(
            c.oid::regclass::text, 'main', block - 1))).upper = 0)
      SELECT pg_catalog.count(*) - 1 FROM tail\
      """
          .formatted(ServerProbe.SCHEMA);

  /**
   * The WAL position, the table's heap and the size of an object within it (an index); the object
   * is the statement's first parameter (null for none), the table its second.
   */
  private final String afterSql;

  /** What this server does not let the probe measure, as {@code "what: why"}. */
  private final List<String> missing = new ArrayList<>();

  private ServerProbe(boolean visibility, boolean pageinspect) {
    afterSql =
        "SELECT pg_catalog.pg_current_wal_insert_lsn()::text, pg_catalog.pg_relation_size(c.oid),"
            + " pg_catalog.pg_relation_size(c.oid)"
            + " / pg_catalog.current_setting('block_size')::int8"
            + (pageinspect ? " - (" + TRAILING_NEW_PAGES + ")" : "")
            + (visibility
                ? ", (SELECT all_frozen FROM " + SCHEMA + ".pg_visibility_map_summary(c.oid))"
                : ", NULL::int8")
            + ", pg_catalog.pg_relation_size(pg_catalog.to_regclass(?::text)),"
            + " pg_catalog.pg_indexes_size(c.oid)"
            + " FROM (SELECT pg_catalog.to_regclass(?::text) AS oid) c";
  }

  /**
   * A probe for a fresh database. Frozen pages need the pg_visibility extension, and telling the
   * never-used pages at the end of the heap from the rest needs pageinspect; where the server lacks
   * them, those figures are left out (or the pages counted raw) rather than failing the run.
   */
  public static ServerProbe install(Connection connection) {
    String visibility = createExtension(connection, "pg_visibility");
    String pageinspect = createExtension(connection, "pageinspect");
    ServerProbe probe = new ServerProbe(visibility == null, pageinspect == null);
    if (visibility != null) {
      probe.missing.add("frozen pages: pg_visibility could not be installed (" + visibility + ")");
    }
    if (pageinspect != null) {
      probe.missing.add(
          ("pages in use: pageinspect could not be installed, so pages are counted with the"
                  + " never-used ones at the end (%s)")
              .formatted(pageinspect));
    }
    return probe;
  }

  /** What the server did not let this probe measure, each as {@code "what: why"}. */
  public List<String> missing() {
    return missing;
  }

  /** Null when the extension is there, in {@link #SCHEMA}, else the server's reason. */
  private static String createExtension(Connection connection, String name) {
    try (Statement s = connection.createStatement()) {
      s.execute("CREATE SCHEMA IF NOT EXISTS " + SCHEMA);
      s.execute("CREATE EXTENSION IF NOT EXISTS " + name + " SCHEMA " + SCHEMA);
      return null;
    } catch (SQLException e) {
      return e.getMessage().replaceAll("\\s+", " ").strip();
    }
  }

  /**
   * The WAL insert position in bytes, where a load starts; {@link #after} reads it after each step.
   * Unlike {@code pg_current_wal_lsn()} it does not lag when synchronous_commit is off, and unlike
   * pg_stat_wal it needs no stats flush.
   */
  public long walInsertPosition(Connection connection) throws SQLException {
    return parseLsn(Sql.value(connection, "SELECT pg_catalog.pg_current_wal_insert_lsn()::text"));
  }

  /**
   * What a step left behind, read in one round trip right after it: the WAL insert position, the
   * table's heap and, when the step acted on an {@code object} within the table (an index it
   * built), that object's size.
   */
  public After after(Connection connection, String table, String object) throws SQLException {
    try (PreparedStatement s = connection.prepareStatement(afterSql)) {
      s.setString(1, object);
      s.setString(2, table);
      try (ResultSet rs = s.executeQuery()) {
        rs.next();
        Long bytes = Sql.nullable(rs, 2);
        TableState heap =
            bytes == null ? null : new TableState(bytes, rs.getLong(3), Sql.nullable(rs, 4));
        Long indexBytes = bytes == null ? null : Sql.nullable(rs, 6);
        return new After(parseLsn(rs.getString(1)), heap, Sql.nullable(rs, 5), indexBytes);
      }
    }
  }

  /** A pg_lsn as text ({@code 16/B374D848}) as a byte position. */
  static long parseLsn(String lsn) {
    int slash = lsn.indexOf('/');
    return (Long.parseLong(lsn.substring(0, slash), 16) << 32)
        | Long.parseLong(lsn.substring(slash + 1), 16);
  }

  /**
   * @param walPosition the WAL insert position, in bytes
   * @param table the table's heap, or null when the table does not exist (yet)
   * @param objectBytes the size of the object asked about, or null (none asked, or none there)
   * @param indexBytes the size of the table's indexes, or null when the table does not exist
   */
  public record After(long walPosition, TableState table, Long objectBytes, Long indexBytes) {}

  /**
   * @param bytes heap size
   * @param pages heap pages in use: the relation's pages less the never-initialised ones at its end
   * @param frozenPages pages all-frozen in the visibility map, or null without pg_visibility
   */
  public record TableState(long bytes, long pages, Long frozenPages) {}
}
