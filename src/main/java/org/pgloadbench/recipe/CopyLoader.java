package org.pgloadbench.recipe;

import java.sql.Connection;
import java.sql.SQLException;
import org.pgloadbench.copy.CopyFormat;
import org.pgloadbench.copy.RowEncoder;
import org.pgloadbench.dataset.RowSource;
import org.pgloadbench.dataset.TableDef;
import org.postgresql.copy.CopyIn;
import org.postgresql.copy.CopyManager;
import org.postgresql.core.BaseConnection;

/** COPY ... FROM STDIN in a format, FREEZE or not; returns the count COPY reports. */
final class CopyLoader implements RowLoader {
  private final String sql;
  private final CopyFormat format;

  CopyLoader(TableDef table, CopyFormat format, boolean freeze) {
    this.sql =
        "COPY "
            + table.name()
            + " ("
            + table.columnList()
            + ") FROM STDIN (FORMAT "
            + format.sqlName()
            + (freeze ? ", FREEZE" : "")
            + ")";
    this.format = format;
  }

  @Override
  public long load(Connection connection, RowSource rows) throws SQLException {
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
}
