package org.pgloadbench.recipe;

import java.sql.SQLException;
import java.sql.Statement;
import java.util.function.Function;
import java.util.function.Predicate;
import org.pgloadbench.dataset.TableDef;
import org.pgloadbench.variant.LoadVariant;

/** A step that is one SQL statement on the table, run in autocommit mode (VACUUM needs that). */
record SqlStep(StepKind kind, Function<TableDef, String> sql, Predicate<LoadVariant> applies)
    implements Step {

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
      statement.execute(sql.apply(load.table()));
    }
    return NO_ROWS;
  }
}
