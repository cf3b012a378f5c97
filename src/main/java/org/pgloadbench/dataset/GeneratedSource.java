package org.pgloadbench.dataset;

import java.sql.SQLException;
import java.util.function.Supplier;
import org.pgloadbench.copy.RowEncoder;

/**
 * The rows of a generated table, each written field by field straight into the encoder: a pure
 * function of its index.
 *
 * @param writers makes one writer, with its own buffers, per range written
 */
record GeneratedSource(Supplier<Fields> writers) implements RowSource.Writer {
  /** Writes the fields of row {@code index}; one instance owns the reused buffers of one writer. */
  interface Fields {
    void write(long index, RowEncoder encoder);
  }

  /** The table {@code def} with its rows 0 to {@code rows}. */
  static Dataset.Table table(TableDef def, long rows, Supplier<Fields> writers) {
    return new Dataset.Table(new RowSource(def, 0, rows, new GeneratedSource(writers)));
  }

  @Override
  public void write(TableDef table, long from, long to, RowEncoder encoder) throws SQLException {
    Fields fields = writers.get();
    int fieldCount = table.columns().size();
    for (long index = from; index < to; index++) {
      encoder.beginRow(fieldCount);
      fields.write(index, encoder);
      encoder.endRow();
    }
  }
}
