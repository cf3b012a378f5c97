package org.pgloadbench.scenario;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.pgloadbench.scenario.Axis.Accepts;
import org.pgloadbench.variant.LoaderKind;

/**
 * The axes of how the copy step sends the rows: COPY or an INSERT loader, and an INSERT loader's
 * batches and commits.
 *
 * <p>Code outside the family names them through {@link Axis} ({@code Axis.FORMAT}), which
 * initializes the families and lists them in {@link Axis#ALL}: a family initialized before Axis
 * would leave Axis's names for it null.
 */
final class LoaderAxes {
  private LoaderAxes() {}

  private static final List<String> LOADERS =
      Arrays.stream(LoaderKind.values()).map(LoaderKind::yamlName).toList();

  static final Axis<LoaderKind> LOADER =
      new Axis<>(
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

  private static final String WHOLE = "[1-9][0-9]{0,8}";

  /** Rows per INSERT ... VALUES statement or per JDBC batch. */
  static final Axis<Integer> BATCH_SIZE =
      new Axis<>(
          "batch_size",
          "rows per insert_values statement or per batch; copy and insert cells have none"
              + " (the axis collapses there)",
          "1000",
          "a batch size",
          "use a whole number from 1 to 999999999 (rows per statement or batch)",
          Accepts.matching(WHOLE, 1, 999_999_999),
          Integer::valueOf,
          v -> "batch-" + v);

  /** Rows per transaction of an INSERT loader; 0 stands for all (one transaction). */
  static final Axis<Long> COMMIT_EVERY =
      new Axis<>(
          "commit_every",
          "rows per transaction of an INSERT loader, or all for one transaction; copy cells"
              + " have none (the axis collapses there)",
          "all",
          "a commit interval",
          "use all (one transaction) or a whole number of rows from 1 to 999999999",
          Accepts.matching("all|" + WHOLE, 1, 999_999_999),
          v -> v.equals("all") ? Long.valueOf(0) : Long.valueOf(v),
          v -> "commit-" + v);

  /**
   * The loaders whose cells have no value of an axis, each with why: an INSERT loader sends one row
   * per statement and COPY every row in one, so neither has a batch size, and COPY loads in one
   * transaction. The axis collapses there ({@link Matrix#notApplying}).
   */
  static final Map<Axis<?>, Map<LoaderKind, String>> NOT_APPLYING =
      Map.of(
          BATCH_SIZE,
          Map.of(
              LoaderKind.COPY, "COPY streams every row in one statement",
              LoaderKind.INSERT, "insert sends one row per statement"),
          COMMIT_EVERY,
          Map.of(LoaderKind.COPY, "COPY loads in one transaction"));

  static final List<Axis<?>> ALL = List.of(LOADER, BATCH_SIZE, COMMIT_EVERY);
}
