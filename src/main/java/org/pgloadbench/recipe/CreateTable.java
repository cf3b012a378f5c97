package org.pgloadbench.recipe;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * CREATE TABLE, with the primary key unless it comes later. For COPY FREEZE the table must be
 * created in the transaction that loads it, so a freeze cell leaves that transaction open for
 * {@link CopyRows} to commit.
 */
final class CreateTable implements Step {
  @Override
  public String name() {
    return "create";
  }

  @Override
  public long run(TableLoad load) throws SQLException {
    Connection connection = load.connection();
    if (load.variant().freeze()) {
      connection.setAutoCommit(false);
    }
    try (Statement statement = connection.createStatement()) {
      statement.execute(load.table().createSql(!load.variant().primaryKeyLater(), false));
    }
    return NO_ROWS;
  }
}
