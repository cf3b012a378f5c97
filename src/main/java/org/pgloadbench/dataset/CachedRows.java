package org.pgloadbench.dataset;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.function.Supplier;
import org.pgloadbench.copy.RowEncoder;
import org.pgloadbench.variant.MiddleFormat;

/**
 * Records [from, to) of a file of objects decoded (or derived) once: one load's rows. The middle
 * tables of a PBF file and its geometries differ only in how a record read back becomes a row.
 */
final class CachedRows implements RowSource {
  /** Writes one record read back as one row of the table's fields. */
  interface RecordWriter {
    void write(OsmObject object, RowEncoder encoder);
  }

  private final Path file;
  private final MiddleTable layout;
  private final TableDef table;
  private final String contents;
  private final Supplier<RecordWriter> writers;
  private final long from;
  private final long to;

  /**
   * {@code layout} is the file's record layout; {@code table} the one its rows go to; {@code
   * contents} what it holds, for the error when it cannot be read; {@code writers} makes one
   * writer, with its own buffers, per {@link #writeTo}.
   */
  CachedRows(
      Path file,
      MiddleTable layout,
      TableDef table,
      String contents,
      Supplier<RecordWriter> writers,
      long from,
      long to) {
    this.file = file;
    this.layout = layout;
    this.table = table;
    this.contents = contents;
    this.writers = writers;
    this.from = from;
    this.to = to;
  }

  /** A middle table's decoded records, written in {@code format}. */
  static CachedRows middle(Path file, MiddleTable table, MiddleFormat format, long from, long to) {
    return new CachedRows(
        file,
        table,
        table.tableDef(format),
        "the decoded OSM data",
        () -> {
          MiddleRowWriter writer = MiddleLayout.of(format).writer();
          return (object, encoder) -> writer.write(table, object, encoder);
        },
        from,
        to);
  }

  @Override
  public long rows() {
    return to - from;
  }

  @Override
  public void writeTo(RowEncoder encoder) throws SQLException {
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

  @Override
  public RowSource slice(int index, int parts) {
    return new CachedRows(
        file,
        layout,
        table,
        contents,
        writers,
        IndexRangeSource.boundary(from, to, index, parts),
        IndexRangeSource.boundary(from, to, index + 1, parts));
  }

  @Override
  public String toString() {
    return table.name() + " records [" + from + ", " + to + ") of " + file;
  }
}
