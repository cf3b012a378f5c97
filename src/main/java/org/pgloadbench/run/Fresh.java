package org.pgloadbench.run;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.function.Consumer;
import org.pgloadbench.dataset.TableDef;
import org.pgloadbench.server.PostgresServer;

/**
 * The state every load starts from, whoever loads (a scenario's cell, psql, pgbench, osm2pgsql): an
 * empty database or table, then a CHECKPOINT, so that no load pays for the dirty buffers of the one
 * before.
 */
public final class Fresh {
  /** The SQLSTATE of a statement the role may not run, on a server the harness does not own. */
  static final String INSUFFICIENT_PRIVILEGE = "42501";

  private Fresh() {}

  /**
   * Drops and recreates {@code database} as a copy of template0, which no one can change (template1
   * may hold functions that would run as the harness's role: on a server the harness does not own,
   * anyone's), runs {@code statements} in it, then CHECKPOINT, so that no load pays for writing
   * what they created. A role that may not CHECKPOINT (a server the harness does not own) loads
   * without it: told to {@code noCheckpoint} (null: the CHECKPOINT's failure is the load's).
   */
  public static void database(
      PostgresServer server,
      String database,
      List<String> statements,
      Consumer<SQLException> noCheckpoint)
      throws SQLException {
    try (Connection c = server.connect(PostgresServer.MAINTENANCE_DATABASE);
        Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + database);
      s.execute("CREATE DATABASE " + database + " TEMPLATE template0");
      // CHECKPOINT is the whole server's, so it runs here: the fresh database gets a connection
      // of its own only for statements to run in it, not one more per load for the CHECKPOINT
      if (!statements.isEmpty()) {
        try (Connection fresh = server.connect(database);
            Statement in = fresh.createStatement()) {
          for (String statement : statements) {
            in.execute(statement);
          }
        }
      }
      checkpoint(s, noCheckpoint);
    }
  }

  /** As above, on a server the harness owns, where a CHECKPOINT that fails fails the load. */
  public static void database(PostgresServer server, String database, String... statements)
      throws SQLException {
    database(server, database, List.of(statements), null);
  }

  /**
   * Empties {@code database} of every table a load made in its public schema (an extension's own,
   * PostGIS's spatial_ref_sys, stays), then CHECKPOINT: the state {@link #database} leaves, at a
   * tenth of its cost. A new database costs a copy of template0 written to the WAL and synced
   * file by file, 0.3 to 0.5 s a load on a 2-core machine, where dropping the tables takes a few
   * ms; the catalogs keep the dropped tables' dead rows, about 5 kB a load (1.4 MB over 300 loads
   * of the ways table, measured), which no step reads.
   */
  public static void tables(
      PostgresServer server, String database, Consumer<SQLException> noCheckpoint)
      throws SQLException {
    try (Connection c = server.connect(database);
        Statement s = c.createStatement()) {
      s.execute(
          """
          DO $$
          DECLARE t text;
          BEGIN
            FOR t IN
              SELECT c.relname FROM pg_catalog.pg_class c
              WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p')
                AND NOT EXISTS (SELECT FROM pg_catalog.pg_depend d
                                WHERE d.classid = 'pg_catalog.pg_class'::regclass
                                  AND d.objid = c.oid AND d.deptype = 'e')
            LOOP
              EXECUTE pg_catalog.format('DROP TABLE IF EXISTS public.%I CASCADE', t);
            END LOOP;
          END $$""");
      checkpoint(s, noCheckpoint);
    }
  }

  /** Drops and recreates {@code table} in {@code database}, without a primary key; CHECKPOINT. */
  public static void table(PostgresServer server, String database, TableDef table)
      throws SQLException {
    try (Connection c = server.connect(database);
        Statement s = c.createStatement()) {
      s.execute("DROP TABLE IF EXISTS " + table.name());
      s.execute(table.createSql(false, false));
      checkpoint(s, null);
    }
  }

  private static void checkpoint(Statement s, Consumer<SQLException> noCheckpoint)
      throws SQLException {
    try {
      s.execute("CHECKPOINT");
    } catch (SQLException e) {
      if (noCheckpoint == null || !INSUFFICIENT_PRIVILEGE.equals(e.getSQLState())) {
        throw e;
      }
      noCheckpoint.accept(e);
    }
  }
}
