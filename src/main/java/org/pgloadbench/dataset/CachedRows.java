package org.pgloadbench.dataset;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.function.Supplier;
import org.pgloadbench.copy.RowEncoder;
import org.pgloadbench.variant.MiddleFormat;

/**
 * The records of a file of objects decoded (or derived) once, as one table's rows. The middle
 * tables of a PBF file and its geometries differ only in how a record read back becomes a row.
 *
 * @param layout the file's record layout
 * @param contents what the file holds, for the error when it cannot be read
 * @param writers makes one writer, with its own buffers, per range written
 */
record CachedRows(Path file, MiddleTable layout, String contents, Supplier<RecordWriter> writers)
    implements RowSource.Writer {
  /** Writes one record read back as one row of the table's fields. */
  interface RecordWriter {
    void write(OsmObject object, RowEncoder encoder);
  }

  /** A middle table's decoded records, written in {@code format}. */
  static RowSource middle(Path file, MiddleTable table, MiddleFormat format, long rows) {
    CachedRows records =
        new CachedRows(
            file,
            table,
            "the decoded OSM data",
            () -> {
              MiddleRowWriter writer = MiddleLayout.of(format).writer();
              return (object, encoder) -> writer.write(table, object, encoder);
            });
    return new RowSource(table.tableDef(format), 0, rows, records);
  }

  @Override
  public void write(TableDef table, long from, long to, RowEncoder encoder) throws SQLException {
    RecordWriter writer = writers.get();
    OsmObject object = new OsmObject();
    int fieldCount = table.columns().size();
    try (ObjectFile.Reader reader = new ObjectFile.Reader(file, layout, from)) {
      for (long i = from; i < to; i++) {
        reader.read(object.clear());
        encoder.beginRow(fieldCount);
        writer.write(object, encoder);
        encoder.endRow();
      }
    } catch (IOException e) {
      throw new SQLException("cannot read " + contents + " in " + file + ": " + e, e);
    }
  }
}
