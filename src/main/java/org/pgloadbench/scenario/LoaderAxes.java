package org.pgloadbench.scenario;

import java.util.Arrays;
import java.util.List;
import org.pgloadbench.scenario.Axis.Accepts;
import org.pgloadbench.variant.LoaderKind;

/**
 * The axes of how the copy step sends the rows: COPY or an INSERT loader, and an INSERT loader's
 * batches and commits.
 */
final class LoaderAxes {
  private LoaderAxes() {}

  private static final List<String> LOADERS =
      Arrays.stream(LoaderKind.values()).map(LoaderKind::yamlName).toList();

  static Axis<LoaderKind> loader() {
    return new Axis<>(
        "loader",
        "how the copy step sends the rows: COPY, one INSERT per row (insert), multi-row"
            + " INSERT ... VALUES (insert_values), JDBC batches (batch), or batches pgjdbc"
            + " rewrites into multi-row INSERTs (batch_rewrite)",
        "copy",
        "a loader",
        "use " + String.join(", ", LOADERS),
        Accepts.oneOf(LOADERS),
        v -> LoaderKind.named(v).orElse(null),
        v -> v.replace('_', '-'));
  }

  private static final String WHOLE = "[1-9][0-9]{0,8}";

  /** Rows per INSERT ... VALUES statement or per JDBC batch. */
  static Axis<Integer> batchSize() {
    return new Axis<>(
        "batch_size",
        "rows per insert_values statement or per batch; copy and insert cells have none"
            + " (the axis collapses there)",
        "1000",
        "a batch size",
        "use a whole number from 1 to 999999999 (rows per statement or batch)",
        Accepts.matching(WHOLE, 1, 999_999_999),
        Integer::valueOf,
        v -> "batch-" + v);
  }

  /** Rows per transaction of an INSERT loader; 0 stands for all (one transaction). */
  static Axis<Long> commitEvery() {
    return new Axis<>(
        "commit_every",
        "rows per transaction of an INSERT loader, or all for one transaction; copy cells"
            + " have none (the axis collapses there)",
        "all",
        "a commit interval",
        "use all (one transaction) or a whole number of rows from 1 to 999999999",
        Accepts.matching("all|" + WHOLE, 1, 999_999_999),
        v -> v.equals("all") ? Long.valueOf(0) : Long.valueOf(v),
        v -> "commit-" + v);
  }
}
