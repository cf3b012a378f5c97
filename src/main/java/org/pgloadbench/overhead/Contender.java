package org.pgloadbench.overhead;

import org.pgloadbench.dataset.RowSource;

/**
 * One way of loading a table in a head-to-head: the harness's own COPY stream, psql's {@code \copy}
 * of the same bytes, the server reading them from a file. The head-to-head owns the clock: it
 * creates the empty table, starts the clock, calls {@link #load} and stops the clock, then checks
 * the row count the contender reports.
 */
public interface Contender {
  /** The name reports show: {@code harness}, {@code psql}, {@code server-file}. */
  String name();

  /** Why this contender cannot run on this machine (a program not installed), or null. */
  default String missing() {
    return null;
  }

  /** False for a measurement of the client alone, which writes nothing into the table. */
  default boolean loads() {
    return true;
  }

  /**
   * How many times one load goes over {@code rows}: once, but for a measurement of the client
   * alone over a table too small to give it a steady rate.
   */
  default int passes(RowSource rows) {
    return 1;
  }

  /**
   * Loads every row of {@code match} into its empty table ({@link #passes} times); returns the
   * rows the loader reported.
   */
  long load(Match match) throws Exception;
}
