package org.pgloadbench.copy;

import java.sql.SQLException;

/**
 * Writes rows in one COPY format into a single reusable buffer and hands full buffers to a {@link
 * CopySink}, only between rows. A row is {@code beginRow}, one call per field, {@code endRow}; the
 * stream ends with {@code finish}. No call allocates per value. One encoder writes one COPY stream
 * and is not reused after {@code finish}.
 *
 * <p>Only the sink does I/O, so only {@code endRow} and {@code finish} throw {@link SQLException}.
 * To keep the per-value path free of checks, nothing verifies that a row has as many fields as
 * {@code beginRow} announced: that is the caller's side of the contract.
 */
public interface RowEncoder {
  /** Starts a row of {@code fieldCount} fields: exactly that many field calls follow. */
  void beginRow(int fieldCount);

  void int2(short value);

  void int4(int value);

  void int8(long value);

  /** An int8[] of the first {@code count} values, one dimension, no NULL elements. */
  void int8Array(long[] values, int count);

  /** An int4[] of the first {@code count} values, one dimension, no NULL elements. */
  void int4Array(int[] values, int count);

  /**
   * A point. The text format writes 6 decimals: coordinates that are multiples of 1e-6 (computed as
   * {@code k / 1e6}) load exactly in both formats.
   */
  void point(double x, double y);

  /** A box given by its upper-right and lower-left corners (the order box_out writes). */
  void box(double highX, double highY, double lowX, double lowY);

  /**
   * A PostGIS geometry POINT with an SRID, as extended WKB ({@link Ewkb}): its bytes in binary
   * (geometry_recv reads them), in hex in text (geometry_in reads it, as osm2pgsql writes it).
   */
  void ewkbPoint(int srid, double x, double y);

  /** A PostGIS LINESTRING of the first {@code count} points of {@code xy} (x0, y0, x1, y1, ...). */
  void ewkbLineString(int srid, double[] xy, int count);

  /** A jsonb value given as JSON text. */
  void jsonb(CharSequence json);

  void text(CharSequence value);

  /** A text[] of the first {@code count} values, one dimension, no NULL elements. */
  void textArray(CharSequence[] values, int count);

  void nullValue();

  /** Ends the row; the buffer may go to the sink here, never in the middle of a row. */
  void endRow() throws SQLException;

  /** Writes any trailer and flushes what is left. */
  void finish() throws SQLException;
}
