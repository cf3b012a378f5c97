package org.pgloadbench.metrics;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** The one-value questions the probes and the targets ask a server. */
public final class Sql {
  private Sql() {}

  /** The first column of the first row {@code sql} returns, as text (null for NULL). */
  public static String value(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getString(1);
    }
  }

  /** Column {@code column} of {@code rs}'s current row as a number, or null for NULL. */
  static Long nullable(ResultSet rs, int column) throws SQLException {
    long value = rs.getLong(column);
    return rs.wasNull() ? null : value;
  }
}
