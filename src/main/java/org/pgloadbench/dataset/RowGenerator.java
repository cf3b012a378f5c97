package org.pgloadbench.dataset;

/**
 * Fills the object of any row of one table, given its index: a row is a pure function of the
 * dataset seed and the index. An instance owns the reused buffers of one writer, so each {@link
 * RowSource#writeTo} creates its own.
 */
interface RowGenerator {
  /** Fills {@code object} (cleared by the caller) with row {@code index} (0-based). */
  void fill(long index, OsmObject object);
}
