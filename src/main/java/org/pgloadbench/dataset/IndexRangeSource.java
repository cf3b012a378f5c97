package org.pgloadbench.dataset;

import java.sql.SQLException;
import java.util.function.Supplier;
import org.pgloadbench.copy.RowEncoder;
import org.pgloadbench.variant.MiddleFormat;

/**
 * The rows with index in [from, to) of one table. Since each row is a pure function of its index, a
 * slice is just a narrower range, and the slices of a range concatenate to exactly the range.
 */
final class IndexRangeSource implements RowSource {
  private final MiddleTable table;
  private final MiddleFormat format;
  private final long from;
  private final long to;
  private final Supplier<RowGenerator> generators;

  /** {@code generators} makes one generator, with its own buffers, per {@link #writeTo}. */
  IndexRangeSource(
      MiddleTable table,
      MiddleFormat format,
      long from,
      long to,
      Supplier<RowGenerator> generators) {
    if (from < 0 || to < from) {
      throw new IllegalArgumentException("invalid row range [" + from + ", " + to + ")");
    }
    this.table = table;
    this.format = format;
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
    MiddleRowWriter writer = MiddleLayout.of(format).writer();
    OsmObject object = new OsmObject();
    int fieldCount = table.tableDef(format).columns().size();
    for (long index = from; index < to; index++) {
      generator.fill(index, object.clear());
      encoder.beginRow(fieldCount);
      writer.write(table, object, encoder);
      encoder.endRow();
    }
  }

  @Override
  public RowSource slice(int index, int parts) {
    return new IndexRangeSource(
        table,
        format,
        boundary(from, to, index, parts),
        boundary(from, to, index + 1, parts),
        generators);
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
    return table.tableName() + " rows [" + from + ", " + to + ")";
  }
}
