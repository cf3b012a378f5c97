package org.pgloadbench.variant;

import java.util.Optional;

/** How the load step sends the rows: the {@code loader} axis of a scenario. */
public enum LoaderKind implements YamlName {
  /** COPY ... FROM STDIN, in the cell's format. */
  COPY,
  /** One prepared single-row INSERT per row. */
  INSERT,
  /** Prepared INSERT ... VALUES (...), (...) of batch_size rows each. */
  INSERT_VALUES,
  /** JDBC batches of batch_size single-row INSERTs. */
  BATCH,
  /** JDBC batches with pgjdbc's reWriteBatchedInserts, which turns them into multi-row INSERTs. */
  BATCH_REWRITE;

  public static Optional<LoaderKind> named(String name) {
    return YamlName.find(values(), name);
  }

  /** Whether rows go to the server in batches of batch_size (the batch_size axis applies). */
  public boolean batched() {
    return this == INSERT_VALUES || this == BATCH || this == BATCH_REWRITE;
  }
}
