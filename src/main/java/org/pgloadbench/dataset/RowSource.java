package org.pgloadbench.dataset;

import java.sql.SQLException;
import org.pgloadbench.copy.RowEncoder;

/**
 * The rows [from, to) of one table, streamed into an encoder with constant memory: each a function
 * of its index ({@link GeneratedSource}) or of its record in a file decoded once ({@link
 * CachedRows}). The same source writes the same rows every time; a slice is a narrower range, and
 * the slices of a range concatenate to exactly the range.
 *
 * @param writer writes the rows of any range of the table
 */
public record RowSource(TableDef table, long from, long to, Writer writer) {
  /** Writes rows [from, to) of {@code table}, each between beginRow and endRow. */
  interface Writer {
    void write(TableDef table, long from, long to, RowEncoder encoder) throws SQLException;
  }

  public RowSource {
    if (from < 0 || to < from) {
      throw new IllegalArgumentException("invalid row range [" + from + ", " + to + ")");
    }
  }

  /** How many rows {@link #writeTo} writes: what the server's reported count is checked against. */
  public long rows() {
    return to - from;
  }

  /** Writes every row, then nothing else: the caller calls {@link RowEncoder#finish()}. */
  public void writeTo(RowEncoder encoder) throws SQLException {
    writer.write(table, from, to, encoder);
  }

  /**
   * Part {@code index} of {@code parts} disjoint parts that together hold exactly this source's
   * rows, in the same order: what one of a cell's connections loads while the others load theirs.
   */
  public RowSource slice(int index, int parts) {
    return new RowSource(
        table, boundary(from, to, index, parts), boundary(from, to, index + 1, parts), writer);
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

  @Override
  public String toString() {
    return table.name() + " rows [" + from + ", " + to + ")";
  }
}
