package org.pgloadbench.recipe;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.pgloadbench.copy.CopyFormat;
import org.pgloadbench.copy.RowEncoder;
import org.pgloadbench.dataset.RowSource;
import org.pgloadbench.scenario.LoadVariant;
import org.postgresql.copy.CopyIn;
import org.postgresql.copy.CopyManager;
import org.postgresql.core.BaseConnection;

/**
 * COPY ... FROM STDIN in the cell's format, FREEZE or not, over one connection or several at once
 * (each loading a disjoint slice of the rows). The row count the server reports is checked against
 * the rows generated. A freeze load commits the transaction {@link CreateTable} opened.
 */
final class CopyRows implements Step {
  @Override
  public String name() {
    return "copy";
  }

  @Override
  public long run(TableLoad load) throws SQLException {
    LoadVariant variant = load.variant();
    String sql =
        "COPY "
            + load.table().name()
            + " ("
            + load.table().columnList()
            + ") FROM STDIN (FORMAT "
            + variant.format().sqlName()
            + (variant.freeze() ? ", FREEZE" : "")
            + ")";
    long copied =
        load.connections().size() == 1
            ? copy(load.connection(), sql, variant.format(), load.rows())
            : copyInParallel(load, sql);
    if (copied != load.rows().rows()) {
      throw new SQLException(
          "COPY reported " + copied + " rows, " + load.rows().rows() + " were sent");
    }
    Connection connection = load.connection();
    if (!connection.getAutoCommit()) {
      connection.commit();
      connection.setAutoCommit(true);
    }
    return copied;
  }

  private static long copy(Connection connection, String sql, CopyFormat format, RowSource rows)
      throws SQLException {
    CopyIn copy = new CopyManager(connection.unwrap(BaseConnection.class)).copyIn(sql);
    try {
      RowEncoder encoder = format.encoder(copy::writeToCopy);
      rows.writeTo(encoder);
      encoder.finish();
      return copy.endCopy();
    } finally {
      if (copy.isActive()) {
        copy.cancelCopy();
      }
    }
  }

  private static long copyInParallel(TableLoad load, String sql) throws SQLException {
    int parts = load.connections().size();
    ExecutorService pool = Executors.newFixedThreadPool(parts);
    try {
      List<Future<Long>> slices = new ArrayList<>();
      for (int i = 0; i < parts; i++) {
        Connection connection = load.connections().get(i);
        RowSource slice = load.rows().slice(i, parts);
        slices.add(pool.submit(() -> copy(connection, sql, load.variant().format(), slice)));
      }
      long copied = 0;
      for (Future<Long> slice : slices) {
        copied += slice.get();
      }
      return copied;
    } catch (ExecutionException e) {
      // the first connection's failure, as the server reported it; the others end with the load
      throw e.getCause() instanceof SQLException cause
          ? cause
          : new SQLException(e.getCause().getMessage(), e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SQLException("interrupted during a parallel COPY", e);
    } finally {
      pool.shutdownNow();
    }
  }
}
