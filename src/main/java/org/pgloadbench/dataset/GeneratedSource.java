package org.pgloadbench.dataset;

import java.sql.SQLException;
import java.util.function.Supplier;
import org.pgloadbench.copy.RowEncoder;

/**
 * The rows with index in [from, to) of a generated table, each written field by field straight into
 * the encoder: a pure function of its index.
 *
 * @param writers makes one writer, with its own buffers, per {@link #writeTo}
 */
record GeneratedSource(TableDef table, long from, long to, Supplier<Fields> writers)
    implements RowRange {
  /** Writes the fields of row {@code index}; one instance owns the reused buffers of one writer. */
  interface Fields {
    void write(long index, RowEncoder encoder);
  }

  GeneratedSource {
    if (from < 0 || to < from) {
      throw new IllegalArgumentException("invalid row range [" + from + ", " + to + ")");
    }
  }

  /** The table {@code def} with its rows 0 to {@code rows}. */
  static Dataset.Table table(TableDef def, long rows, Supplier<Fields> writers) {
    return new Dataset.Table(def, new GeneratedSource(def, 0, rows, writers));
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
  public RowRange range(long from, long to) {
    return new GeneratedSource(table, from, to, writers);
  }

  @Override
  public String toString() {
    return table.name() + " rows [" + from + ", " + to + ")";
  }
}
