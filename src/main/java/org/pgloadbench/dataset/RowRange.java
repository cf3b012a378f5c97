package org.pgloadbench.dataset;

/**
 * Rows [from, to) of one table, each a function of its index ({@link GeneratedSource}) or of its
 * record in a file decoded once ({@link CachedRows}): so a slice is a narrower range, and the
 * slices of a range concatenate to exactly the range.
 */
interface RowRange extends RowSource {
  long from();

  long to();

  /** The same table's rows [from, to). */
  RowRange range(long from, long to);

  @Override
  default long rows() {
    return to() - from();
  }

  @Override
  default RowSource slice(int index, int parts) {
    return range(boundary(from(), to(), index, parts), boundary(from(), to(), index + 1, parts));
  }

  /**
   * Where part {@code k} of {@code parts} of [from, to) starts: from + floor(rows · k / parts),
   * computed without overflowing for any row count. Part {@code parts} starts at {@code to}.
   */
  static long boundary(long from, long to, int k, int parts) {
    if (parts < 1 || k < 0 || k > parts) {
      throw new IllegalArgumentException(
          "slice " + k + " of " + parts + ": need parts >= 1 and 0 <= index < parts");
    }
    long rows = to - from;
    return from + rows / parts * k + rows % parts * k / parts;
  }
}
