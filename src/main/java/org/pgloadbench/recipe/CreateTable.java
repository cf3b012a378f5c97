package org.pgloadbench.recipe;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.pgloadbench.dataset.TableDef;
import org.pgloadbench.dataset.TableDef.Index;
import org.pgloadbench.variant.LoadVariant;

/**
 * CREATE TABLE (UNLOGGED in an unlogged cell), with the primary key unless it comes later, after
 * the functions its indexes call; in an {@code indexes: now} cell its secondary indexes too, so
 * that the COPY pays for them. For COPY FREEZE the table must be created in the transaction that
 * loads it, so a freeze cell leaves that transaction open for {@link LoadRows} to commit.
 */
final class CreateTable {
  private CreateTable() {}

  static long run(TableLoad load) throws SQLException {
    Connection connection = load.connection();
    LoadVariant variant = load.variant();
    TableDef table = load.table();
    if (variant.freeze()) {
      connection.setAutoCommit(false);
    }
    try (Statement statement = connection.createStatement()) {
      for (String function : table.functions()) {
        statement.execute(function);
      }
      statement.execute(table.createSql(!variant.primaryKeyLater(), variant.unlogged()));
      if (variant.indexesNow()) {
        for (Index index : table.indexesFor(variant)) {
          statement.execute(index.createSql(variant));
        }
      }
    }
    return Step.NO_ROWS;
  }
}
