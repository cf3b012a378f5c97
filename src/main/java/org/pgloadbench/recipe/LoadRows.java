package org.pgloadbench.recipe;

import java.sql.Connection;
import java.sql.SQLException;
import org.pgloadbench.dataset.RowSource;

/**
 * The load step ({@code copy} in scenarios): the cell's {@link RowLoader} (COPY in its format,
 * FREEZE or not, by default; INSERTs or JDBC batches for the {@code loader} axis) over one
 * connection or several at once, each loading a disjoint slice of the rows. The row count the
 * server reports is checked against the rows generated. A freeze load commits the transaction
 * {@link CreateTable} opened.
 */
final class LoadRows {
  private LoadRows() {}

  static long run(TableLoad load) throws SQLException {
    RowLoader loader = RowLoader.of(load.table(), load.variant());
    long loaded =
        load.connections().size() == 1
            ? loader.load(load.connection(), load.rows())
            : loadInParallel(load, loader);
    if (loaded != load.rows().rows()) {
      throw new SQLException(
          String.format(
              "%s reported %s rows, %s were sent",
              load.variant().loader().yamlName(), loaded, load.rows().rows()));
    }
    Connection connection = load.connection();
    if (!connection.getAutoCommit()) {
      connection.commit();
      connection.setAutoCommit(true);
    }
    return loaded;
  }

  private static long loadInParallel(TableLoad load, RowLoader loader) throws SQLException {
    int parts = load.connections().size();
    try {
      return Parallel.sum(
          parts,
          i -> {
            Connection connection = load.connections().get(i);
            RowSource slice = load.rows().slice(i, parts);
            return () -> loader.load(connection, slice);
          });
    } catch (SQLException e) {
      throw e; // the first connection's failure, as the server reported it
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SQLException("interrupted during a parallel load", e);
    } catch (Exception e) {
      throw new SQLException(e.getMessage(), e);
    }
  }
}
