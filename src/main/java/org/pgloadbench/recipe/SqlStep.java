package org.pgloadbench.recipe;

import java.sql.SQLException;
import java.sql.Statement;
import java.util.function.Function;
import org.pgloadbench.dataset.TableDef;

/**
 * A step that is one SQL statement, run in autocommit mode (VACUUM needs that), on the table or on
 * one {@code object} of it (null: the table itself).
 */
record SqlStep(StepKind kind, String object, Function<TableLoad, String> sql) implements Step {

  /** A statement on the table itself. */
  SqlStep(StepKind kind, Function<TableDef, String> sql) {
    this(kind, null, load -> sql.apply(load.table()));
  }

  @Override
  public long run(TableLoad load) throws SQLException {
    try (Statement statement = load.connection().createStatement()) {
      statement.execute(sql.apply(load));
    }
    return NO_ROWS;
  }
}
