package org.pgloadbench.recipe;

import java.sql.Connection;
import java.sql.SQLException;
import org.pgloadbench.dataset.RowSource;
import org.pgloadbench.dataset.TableDef;
import org.pgloadbench.variant.LoaderKind;

/**
 * Loads rows with prepared INSERTs (one row per statement, multi-row VALUES, or JDBC batches), in
 * transactions of {@code commitEvery} rows (0: one transaction for the whole load). Returns the
 * rows the server reported inserting.
 */
record InsertLoader(TableDef table, LoaderKind kind, int batchSize, long commitEvery)
    implements RowLoader {
  /** A loader that does not batch sends one row per statement, whatever the cell's batch size. */
  InsertLoader {
    batchSize = kind.batched() ? batchSize : 1;
  }

  @Override
  public long load(Connection connection, RowSource rows) throws SQLException {
    connection.setAutoCommit(false);
    InsertStatements encoder = new InsertStatements(connection, this, rows.rows());
    try {
      rows.writeTo(encoder);
      encoder.finish();
      connection.commit();
    } catch (InsertStatements.BindException e) {
      throw e.getCause();
    } finally {
      encoder.close();
    }
    connection.setAutoCommit(true);
    return encoder.inserted();
  }
}
