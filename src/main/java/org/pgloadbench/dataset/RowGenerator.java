package org.pgloadbench.dataset;

import org.pgloadbench.copy.RowEncoder;

/**
 * Writes the fields of any row of one table, given its index: a row is a pure function of the
 * dataset seed and the index. An instance owns the reused buffers of one writer, so each {@link
 * RowSource#writeTo} creates its own.
 */
interface RowGenerator {
  /** The fields of row {@code index} (0-based), between the caller's beginRow and endRow. */
  void write(long index, RowEncoder encoder);
}
