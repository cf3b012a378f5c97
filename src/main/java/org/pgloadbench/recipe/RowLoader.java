package org.pgloadbench.recipe;

import java.sql.Connection;
import java.sql.SQLException;
import org.pgloadbench.copy.CopyFormat;
import org.pgloadbench.copy.RowEncoder;
import org.pgloadbench.dataset.RowSource;
import org.pgloadbench.dataset.TableDef;
import org.pgloadbench.variant.LoadVariant;
import org.postgresql.copy.CopyIn;
import org.postgresql.copy.CopyManager;
import org.postgresql.core.BaseConnection;

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
      case COPY -> copy(table, variant.format(), variant.freeze());
      case INSERT, INSERT_VALUES, BATCH, BATCH_REWRITE ->
          (connection, rows) -> InsertStatements.load(connection, rows, table, variant);
    };
  }

  /** COPY ... FROM STDIN in a format, FREEZE or not; returns the count COPY reports. */
  private static RowLoader copy(TableDef table, CopyFormat format, boolean freeze) {
    String sql =
        String.format(
            "COPY %s (%s) FROM STDIN (FORMAT %s%s)",
            table.name(), table.columnList(), format.sqlName(), freeze ? ", FREEZE" : "");
    return (connection, rows) -> {
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
    };
  }
}
