package org.pgloadbench.dataset;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import org.pgloadbench.copy.RowEncoder;
import org.pgloadbench.variant.MiddleFormat;

/** Records [from, to) of a decoded table, written in a middle format: one load's rows. */
final class CachedRows implements RowSource {
  private final Path file;
  private final MiddleTable table;
  private final MiddleFormat format;
  private final long from;
  private final long to;

  CachedRows(Path file, MiddleTable table, MiddleFormat format, long from, long to) {
    this.file = file;
    this.table = table;
    this.format = format;
    this.from = from;
    this.to = to;
  }

  @Override
  public long rows() {
    return to - from;
  }

  @Override
  public void writeTo(RowEncoder encoder) throws SQLException {
    MiddleRowWriter writer = MiddleLayout.of(format).writer();
    OsmObject object = new OsmObject();
    int fieldCount = table.tableDef(format).columns().size();
    try (ObjectFile.Reader reader = new ObjectFile.Reader(file, table, from)) {
      for (long i = from; i < to; i++) {
        reader.read(object.clear());
        encoder.beginRow(fieldCount);
        writer.write(table, object, encoder);
        encoder.endRow();
      }
    } catch (IOException e) {
      throw new SQLException("cannot read the decoded OSM data in " + file + ": " + e, e);
    }
  }

  @Override
  public RowSource slice(int index, int parts) {
    return new CachedRows(
        file,
        table,
        format,
        IndexRangeSource.boundary(from, to, index, parts),
        IndexRangeSource.boundary(from, to, index + 1, parts));
  }

  @Override
  public String toString() {
    return table.tableName() + " records [" + from + ", " + to + ") of " + file;
  }
}
