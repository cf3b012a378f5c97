package org.pgloadbench.overhead;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.pgloadbench.dataset.TableDef;
import org.pgloadbench.server.PostgresServer;

/**
 * The state every load of the overhead run starts from, whoever loads: an empty database or table,
 * then a CHECKPOINT, so that no load pays for the dirty buffers of the one before. (The harness's
 * scenario cells get the same from the runner.)
 */
final class Fresh {
  private Fresh() {}

  /**
   * Drops and recreates {@code database} as a copy of template0 (which no one can change), runs
   * {@code statements} in it, then CHECKPOINT.
   */
  static void database(PostgresServer server, String database, String... statements)
      throws SQLException {
    try (Connection c = server.connect(PostgresServer.MAINTENANCE_DATABASE);
        Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + database);
      s.execute("CREATE DATABASE " + database + " TEMPLATE template0");
    }
    run(server, database, List.of(statements));
  }

  /** Drops and recreates {@code table} in {@code database}, without a primary key; CHECKPOINT. */
  static void table(PostgresServer server, String database, TableDef table) throws SQLException {
    run(
        server,
        database,
        List.of("DROP TABLE IF EXISTS " + table.name(), table.createSql(false, false)));
  }

  private static void run(PostgresServer server, String database, List<String> statements)
      throws SQLException {
    List<String> all = new ArrayList<>(statements);
    all.add("CHECKPOINT");
    try (Connection c = server.connect(database);
        Statement s = c.createStatement()) {
      for (String statement : all) {
        s.execute(statement);
      }
    }
  }
}
