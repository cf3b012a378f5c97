package org.pgloadbench.recipe;

import java.sql.SQLException;
import java.sql.Statement;
import java.util.function.Function;
import java.util.function.Predicate;
import org.pgloadbench.dataset.TableDef;
import org.pgloadbench.variant.LoadVariant;

/**
 * A step that is one SQL statement, run in autocommit mode (VACUUM needs that), on the table or on
 * one {@code object} of it (null: the table itself).
 */
record SqlStep(
    StepKind kind, String object, Function<TableLoad, String> sql, Predicate<LoadVariant> applies)
    implements Step {

  /** A statement on the table itself, in the cells {@code applies} accepts. */
  SqlStep(StepKind kind, Function<TableDef, String> sql, Predicate<LoadVariant> applies) {
    this(kind, null, load -> sql.apply(load.table()), applies);
  }

  SqlStep(StepKind kind, Function<TableDef, String> sql) {
    this(kind, sql, variant -> true);
  }

  @Override
  public boolean appliesTo(LoadVariant variant) {
    return applies.test(variant);
  }

  @Override
  public long run(TableLoad load) throws SQLException {
    try (Statement statement = load.connection().createStatement()) {
      statement.execute(sql.apply(load));
    }
    return NO_ROWS;
  }
}
