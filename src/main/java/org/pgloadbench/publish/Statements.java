package org.pgloadbench.publish;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;

/** Statements with their values bound in order, a null as SQL's NULL; rows sent in batches. */
final class Statements {
  /** Rows per round trip: the driver rewrites a batch into multi-row INSERTs. */
  private static final int BATCH = 1000;

  private Statements() {}

  static int execute(Connection c, String sql, Object... values) throws SQLException {
    try (PreparedStatement s = c.prepareStatement(sql)) {
      bind(s, values);
      return s.executeUpdate();
    }
  }

  static void batch(Connection c, String sql, List<Object[]> rows) throws SQLException {
    try (PreparedStatement s = c.prepareStatement(sql)) {
      for (int i = 0; i < rows.size(); i++) {
        bind(s, rows.get(i));
        s.addBatch();
        if ((i + 1) % BATCH == 0 || i == rows.size() - 1) {
          s.executeBatch();
        }
      }
    }
  }

  private static void bind(PreparedStatement s, Object[] values) throws SQLException {
    for (int i = 0; i < values.length; i++) {
      Object v = values[i];
      if (v == null) {
        s.setNull(i + 1, Types.NULL);
      } else {
        s.setObject(i + 1, v);
      }
    }
  }
}
