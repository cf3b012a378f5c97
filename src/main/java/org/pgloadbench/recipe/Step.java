package org.pgloadbench.recipe;

import java.sql.SQLException;

/**
 * One step of a load (create the table, COPY, add the primary key, VACUUM, ...), run on one table.
 * Steps never read the clock: the runner times them and samples the server around them.
 *
 * @param kind which step of a scenario this is
 * @param object the object the step acts on within the table, e.g. the index it builds; null when
 *     it acts on the table itself
 * @param work what the step does
 */
public record Step(StepKind kind, String object, Work work) {
  /** What a step returns when it loads no rows. */
  public static final long NO_ROWS = -1;

  /** Does a step's work on one table. */
  public interface Work {
    long run(TableLoad load) throws SQLException;
  }

  /** Does the work; returns the rows the server reported loading, checked, or {@link #NO_ROWS}. */
  public long run(TableLoad load) throws SQLException {
    return work.run(load);
  }
}
