package org.pgloadbench.recipe;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.pgloadbench.dataset.RowSource;

/**
 * The load step ({@code copy} in scenarios): the cell's {@link RowLoader} (COPY in its format,
 * FREEZE or not, by default; INSERTs or JDBC batches for the {@code loader} axis) over one
 * connection or several at once, each loading a disjoint slice of the rows. The row count the
 * server reports is checked against the rows generated. A freeze load commits the transaction
 * {@link CreateTable} opened.
 */
final class CopyRows implements Step {
  @Override
  public StepKind kind() {
    return StepKind.COPY;
  }

  @Override
  public long run(TableLoad load) throws SQLException {
    RowLoader loader = RowLoader.of(load.table(), load.variant());
    long copied =
        load.connections().size() == 1
            ? loader.load(load.connection(), load.rows())
            : loadInParallel(load, loader);
    if (copied != load.rows().rows()) {
      throw new SQLException(
          load.variant().loader().yamlName()
              + " reported "
              + copied
              + " rows, "
              + load.rows().rows()
              + " were sent");
    }
    Connection connection = load.connection();
    if (!connection.getAutoCommit()) {
      connection.commit();
      connection.setAutoCommit(true);
    }
    return copied;
  }

  private static long loadInParallel(TableLoad load, RowLoader loader) throws SQLException {
    int parts = load.connections().size();
    ExecutorService pool = Executors.newFixedThreadPool(parts);
    try {
      List<Future<Long>> slices = new ArrayList<>();
      for (int i = 0; i < parts; i++) {
        Connection connection = load.connections().get(i);
        RowSource slice = load.rows().slice(i, parts);
        slices.add(pool.submit(() -> loader.load(connection, slice)));
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
      throw new SQLException("interrupted during a parallel load", e);
    } finally {
      pool.shutdownNow();
    }
  }
}
