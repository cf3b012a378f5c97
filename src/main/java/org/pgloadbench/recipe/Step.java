package org.pgloadbench.recipe;

import java.sql.SQLException;

/**
 * One step of a load (create the table, COPY, add the primary key, VACUUM, ...), run on one table.
 * Steps never read the clock: the runner times them and samples the server around them.
 */
public interface Step {
  /** What a step returns when it loads no rows. */
  long NO_ROWS = -1;

  /** Which step of a scenario this is. */
  StepKind kind();

  /**
   * The object the step acts on within the table, e.g. the index it builds; null when it acts on
   * the table itself.
   */
  default String object() {
    return null;
  }

  /** Does the work; returns the rows the server reported loading, checked, or {@link #NO_ROWS}. */
  long run(TableLoad load) throws SQLException;
}
