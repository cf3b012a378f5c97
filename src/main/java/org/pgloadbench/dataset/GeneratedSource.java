package org.pgloadbench.dataset;

import java.sql.SQLException;
import java.util.function.Supplier;
import org.pgloadbench.copy.RowEncoder;

/**
 * The rows with index in [from, to) of a generated table outside the osm family (int arrays,
 * points, pgbench), each written field by field straight into the encoder. Each row is a pure
 * function of its index, so a slice is a narrower range and slices concatenate to the whole.
 */
final class GeneratedSource implements RowSource {
  /** Writes the fields of row {@code index}; one instance owns the reused buffers of one writer. */
  interface Fields {
    void write(long index, RowEncoder encoder);
  }

  private final TableDef table;
  private final long from;
  private final long to;
  private final Supplier<Fields> writers;

  /** {@code writers} makes one writer, with its own buffers, per {@link #writeTo}. */
  GeneratedSource(TableDef table, long from, long to, Supplier<Fields> writers) {
    if (from < 0 || to < from) {
      throw new IllegalArgumentException("invalid row range [" + from + ", " + to + ")");
    }
    this.table = table;
    this.from = from;
    this.to = to;
    this.writers = writers;
  }

  @Override
  public long rows() {
    return to - from;
  }

  @Override
  public void writeTo(RowEncoder encoder) throws SQLException {
    Fields fields = writers.get();
    int fieldCount = table.columns().size();
    for (long index = from; index < to; index++) {
      encoder.beginRow(fieldCount);
      fields.write(index, encoder);
      encoder.endRow();
    }
  }

  @Override
  public RowSource slice(int index, int parts) {
    return new GeneratedSource(
        table,
        IndexRangeSource.boundary(from, to, index, parts),
        IndexRangeSource.boundary(from, to, index + 1, parts),
        writers);
  }

  @Override
  public String toString() {
    return table.name() + " rows [" + from + ", " + to + ")";
  }
}
