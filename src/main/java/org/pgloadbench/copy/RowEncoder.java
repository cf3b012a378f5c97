package org.pgloadbench.copy;

import java.sql.SQLException;

/**
 * Writes rows in one COPY format into a single reusable buffer and hands full buffers to a {@link
 * CopySink}, only between rows. A row is {@code beginRow}, one call per field, {@code endRow}; the
 * stream ends with {@code finish}. No call allocates per value.
 */
public interface RowEncoder {
  void beginRow(int fieldCount);

  void int4(int value);

  void int8(long value);

  /** An int8[] of the first {@code count} values, one dimension, no NULL elements. */
  void int8Array(long[] values, int count);

  /** A jsonb value given as JSON text. */
  void jsonb(CharSequence json);

  void text(CharSequence value);

  void nullValue();

  void endRow() throws SQLException;

  /** Writes any trailer and flushes what is left. */
  void finish() throws SQLException;
}
