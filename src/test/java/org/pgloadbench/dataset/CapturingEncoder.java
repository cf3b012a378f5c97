package org.pgloadbench.dataset;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.pgloadbench.copy.RowEncoder;

/**
 * A test encoder that turns each row into a list of plain values (Short, Integer, Long, List of
 * Long for an int8[], of Integer for an int4[], of Double for a point or box, List of String for a
 * text[], {@link Json} for jsonb, String, null) and hands it on. It checks the call protocol and
 * remembers which buffers it was given, so tests can see that the source reuses them.
 */
final class CapturingEncoder implements RowEncoder {
  /** A jsonb value, kept apart from text. */
  record Json(String text) {}

  /** A PostGIS point or linestring: its SRID and its coordinates, x0, y0, x1, y1, ... */
  record Geometry(String type, int srid, List<Double> xy) {}

  final Set<long[]> arraysSeen = Collections.newSetFromMap(new IdentityHashMap<>());
  final Set<CharSequence> jsonBuffersSeen = Collections.newSetFromMap(new IdentityHashMap<>());

  private final Consumer<List<Object>> onRow;
  private List<Object> row;
  private int fieldCount;

  CapturingEncoder(Consumer<List<Object>> onRow) {
    this.onRow = onRow;
  }

  /** All rows of {@code source}, for sources small enough to hold. */
  static List<List<Object>> rowsOf(RowSource source) {
    List<List<Object>> rows = new ArrayList<>();
    write(source, rows::add);
    return rows;
  }

  static CapturingEncoder write(RowSource source, Consumer<List<Object>> onRow) {
    CapturingEncoder encoder = new CapturingEncoder(onRow);
    try {
      source.writeTo(encoder);
    } catch (SQLException e) {
      throw new AssertionError(e);
    }
    check(encoder.row == null, "row left open");
    return encoder;
  }

  @Override
  public void beginRow(int fieldCount) {
    check(row == null, "beginRow inside a row");
    this.row = new ArrayList<>(fieldCount);
    this.fieldCount = fieldCount;
  }

  @Override
  public void int4(int value) {
    field(value);
  }

  @Override
  public void int2(short value) {
    field(value);
  }

  @Override
  public void int8(long value) {
    field(value);
  }

  @Override
  public void int8Array(long[] values, int count) {
    arraysSeen.add(values);
    field(Arrays.stream(values, 0, count).boxed().toList());
  }

  @Override
  public void int4Array(int[] values, int count) {
    field(Arrays.stream(values, 0, count).boxed().toList());
  }

  @Override
  public void point(double x, double y) {
    field(List.of(x, y));
  }

  @Override
  public void ewkbPoint(int srid, double x, double y) {
    field(new Geometry("POINT", srid, List.of(x, y)));
  }

  @Override
  public void ewkbLineString(int srid, double[] xy, int count) {
    field(new Geometry("LINESTRING", srid, Arrays.stream(xy, 0, 2 * count).boxed().toList()));
  }

  @Override
  public void box(double highX, double highY, double lowX, double lowY) {
    field(List.of(highX, highY, lowX, lowY));
  }

  @Override
  public void jsonb(CharSequence json) {
    jsonBuffersSeen.add(json);
    field(new Json(json.toString()));
  }

  @Override
  public void text(CharSequence value) {
    field(value.toString());
  }

  @Override
  public void textArray(CharSequence[] values, int count) {
    field(Arrays.stream(values, 0, count).map(CharSequence::toString).toList());
  }

  @Override
  public void nullValue() {
    field(null);
  }

  @Override
  public void endRow() {
    check(row != null, "endRow outside a row");
    check(row.size() == fieldCount, "a row of " + fieldCount + " fields got " + row);
    onRow.accept(row);
    row = null;
  }

  @Override
  public void finish() {
    throw new AssertionError("a RowSource must not call finish()");
  }

  private void field(Object value) {
    check(row != null, "field outside a row");
    row.add(value);
  }

  // Plain checks rather than AssertJ: they run for every field of a few hundred thousand rows.
  private static void check(boolean condition, String violation) {
    if (!condition) {
      throw new AssertionError(violation);
    }
  }
}
