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
final class InsertLoader implements RowLoader {
  private final TableDef table;
  private final LoaderKind kind;
  private final int batchSize;
  private final long commitEvery;

  InsertLoader(TableDef table, LoaderKind kind, int batchSize, long commitEvery) {
    this.table = table;
    this.kind = kind;
    this.batchSize = kind.batched() ? batchSize : 1;
    this.commitEvery = commitEvery;
  }

  @Override
  public long load(Connection connection, RowSource rows) throws SQLException {
    connection.setAutoCommit(false);
    InsertEncoder encoder =
        new InsertEncoder(connection, table, kind, batchSize, commitEvery, rows.rows());
    try {
      rows.writeTo(encoder);
      encoder.finish();
      connection.commit();
    } catch (InsertEncoder.BindException e) {
      throw e.getCause();
    } finally {
      encoder.close();
    }
    connection.setAutoCommit(true);
    return encoder.inserted();
  }
}
