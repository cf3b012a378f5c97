package org.pgloadbench.dataset;

import java.sql.SQLException;
import java.util.function.Supplier;
import org.pgloadbench.copy.RowEncoder;

/**
 * The rows with index in [from, to) of one table. Since each row is a pure function of its index, a
 * slice is just a narrower range, and the slices of a range concatenate to exactly the range.
 */
final class IndexRangeSource implements RowSource {
  private final TableDef table;
  private final long from;
  private final long to;
  private final Supplier<RowGenerator> generators;

  /** {@code generators} makes one generator, with its own buffers, per {@link #writeTo}. */
  IndexRangeSource(TableDef table, long from, long to, Supplier<RowGenerator> generators) {
    if (from < 0 || to < from) {
      throw new IllegalArgumentException("invalid row range [" + from + ", " + to + ")");
    }
    this.table = table;
    this.from = from;
    this.to = to;
    this.generators = generators;
  }

  @Override
  public long rows() {
    return to - from;
  }

  @Override
  public void writeTo(RowEncoder encoder) throws SQLException {
    RowGenerator generator = generators.get();
    int fieldCount = table.columns().size();
    for (long index = from; index < to; index++) {
      encoder.beginRow(fieldCount);
      generator.write(index, encoder);
      encoder.endRow();
    }
  }

  @Override
  public RowSource slice(int index, int parts) {
    if (parts < 1 || index < 0 || index >= parts) {
      throw new IllegalArgumentException(
          "slice " + index + " of " + parts + ": need parts >= 1 and 0 <= index < parts");
    }
    return new IndexRangeSource(
        table, boundary(index, parts), boundary(index + 1, parts), generators);
  }

  /** from + floor(rows · k / parts), computed without overflowing for any row count. */
  private long boundary(int k, int parts) {
    long rows = rows();
    return from + rows / parts * k + rows % parts * k / parts;
  }

  @Override
  public String toString() {
    return table.name() + " rows [" + from + ", " + to + ")";
  }
}
