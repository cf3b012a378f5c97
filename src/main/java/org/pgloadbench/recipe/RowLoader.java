package org.pgloadbench.recipe;

import java.sql.Connection;
import java.sql.SQLException;
import org.pgloadbench.dataset.RowSource;
import org.pgloadbench.dataset.TableDef;
import org.pgloadbench.variant.LoadVariant;

/**
 * Sends rows over one connection and returns how many the server reported loading: one
 * implementation per way of loading (the {@code loader} axis). The load step runs it on each of a
 * cell's connections with a slice of the rows, and checks the total.
 */
interface RowLoader {
  long load(Connection connection, RowSource rows) throws SQLException;

  /** The loader a cell asks for. */
  static RowLoader of(TableDef table, LoadVariant variant) {
    return switch (variant.loader()) {
      case COPY -> new CopyLoader(table, variant.format(), variant.freeze());
      case INSERT, INSERT_VALUES, BATCH, BATCH_REWRITE ->
          new InsertLoader(table, variant.loader(), variant.batchSize(), variant.commitEvery());
    };
  }
}
