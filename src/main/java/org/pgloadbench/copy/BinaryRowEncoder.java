package org.pgloadbench.copy;

import java.sql.SQLException;
import java.util.Objects;

/**
 * COPY's binary format: a header, then per row an int16 field count and per field an int32 byte
 * length (-1 for NULL) and the value in the type's binary send form, then an int16 -1 trailer. All
 * integers are big-endian.
 */
public final class BinaryRowEncoder implements RowEncoder {
  /** Signature, int32 flags 0, int32 header-extension length 0. */
  private static final byte[] HEADER = {
    'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xFF, '\r', '\n', 0, 0, 0, 0, 0, 0, 0, 0, 0
  };

  private static final int INT4_OID = 23;
  private static final int INT8_OID = 20;
  private static final int TEXT_OID = 25;
  private static final int JSONB_VERSION = 1;

  /** ndim, has_null, element oid: all an empty array is. */
  private static final int ARRAY_HEADER_BYTES = 12;

  /** One dimension adds its size and lower bound. */
  private static final int ARRAY_DIMENSION_BYTES = 8;

  private final CopyBuffer buffer;

  /** EWKB's bytes as they are, after the field's length (reserved whole by the caller). */
  private final Ewkb.Out ewkb;

  public BinaryRowEncoder(CopySink sink) {
    this.buffer = new CopyBuffer(sink);
    this.ewkb = Ewkb.bytes(buffer);
    buffer.reserve(HEADER.length);
    buffer.putBytes(HEADER);
  }

  @Override
  public void beginRow(int fieldCount) {
    buffer.reserve(2);
    buffer.putShort(fieldCount);
  }

  @Override
  public void int2(short value) {
    fixedLength(2);
    buffer.putShort(value);
  }

  @Override
  public void int4(int value) {
    fixedLength(4);
    buffer.putInt(value);
  }

  @Override
  public void int8(long value) {
    fixedLength(8);
    buffer.putLong(value);
  }

  /**
   * array_send's form, each element its int32 length 8 and value; its size is known up front, so
   * the whole field is reserved at once.
   */
  @Override
  public void int8Array(long[] values, int count) {
    Objects.checkFromIndexSize(0, count, values.length);
    startArray(count, 4 + 8, INT8_OID);
    buffer.putLengthPrefixedLongs(values, count);
  }

  /** array_send's form with int4 elements (oid 23): each element its int32 length 4 and value. */
  @Override
  public void int4Array(int[] values, int count) {
    Objects.checkFromIndexSize(0, count, values.length);
    startArray(count, 4 + 4, INT4_OID);
    for (int i = 0; i < count; i++) {
      buffer.putInt(4);
      buffer.putInt(values[i]);
    }
  }

  /**
   * Reserves a whole array field of {@code count} elements of {@code elementBytes} each and writes
   * its length and header; the elements follow.
   */
  private void startArray(int count, int elementBytes, int oid) {
    fixedLength(arrayBytes(count, elementBytes));
    arrayHeader(count, oid);
  }

  /** An array of {@code count} elements of {@code elementBytes} each, in bytes after its length. */
  private static int arrayBytes(int count, int elementBytes) {
    return ARRAY_HEADER_BYTES + (count == 0 ? 0 : ARRAY_DIMENSION_BYTES + elementBytes * count);
  }

  /**
   * What array_send writes before the elements of a one-dimensional array of {@code count} values
   * of type {@code oid} (an empty array has no dimension); room for it is the caller's.
   */
  private void arrayHeader(int count, int oid) {
    buffer.putInt(count == 0 ? 0 : 1); // ndim
    buffer.putInt(0); // has_null
    buffer.putInt(oid);
    if (count > 0) {
      buffer.putInt(count);
      buffer.putInt(1); // lower bound
    }
  }

  /** point_send's form: two float8. */
  @Override
  public void point(double x, double y) {
    fixedLength(16);
    buffer.putLong(Double.doubleToLongBits(x));
    buffer.putLong(Double.doubleToLongBits(y));
  }

  /** box_send's form: the upper-right corner, then the lower-left one, four float8. */
  @Override
  public void box(double highX, double highY, double lowX, double lowY) {
    fixedLength(32);
    buffer.putLong(Double.doubleToLongBits(highX));
    buffer.putLong(Double.doubleToLongBits(highY));
    buffer.putLong(Double.doubleToLongBits(lowX));
    buffer.putLong(Double.doubleToLongBits(lowY));
  }

  /** geometry_send's form: the EWKB bytes. */
  @Override
  public void ewkbPoint(int srid, double x, double y) {
    fixedLength(Ewkb.POINT_BYTES);
    Ewkb.point(ewkb, srid, x, y);
  }

  @Override
  public void ewkbLineString(int srid, double[] xy, int count) {
    fixedLength(Ewkb.lineStringBytes(count));
    Ewkb.lineString(ewkb, srid, xy, count);
  }

  /** jsonb_send's form: a version byte, then the JSON text. */
  @Override
  public void jsonb(CharSequence json) {
    int lengthAt = startVariableLength(1);
    buffer.putByte(JSONB_VERSION);
    buffer.putUtf8(json);
    endVariableLength(lengthAt);
  }

  @Override
  public void text(CharSequence value) {
    int lengthAt = startVariableLength(0);
    buffer.putUtf8(value);
    endVariableLength(lengthAt);
  }

  /**
   * array_send's form with text elements: the element lengths, and so the field's, are known only
   * after encoding, and are filled in then (the row stays contiguous in the buffer).
   */
  @Override
  public void textArray(CharSequence[] values, int count) {
    Objects.checkFromIndexSize(0, count, values.length);
    int lengthAt = startVariableLength(arrayBytes(count, 0));
    arrayHeader(count, TEXT_OID);
    for (int i = 0; i < count; i++) {
      int elementAt = startVariableLength(0);
      buffer.putUtf8(values[i]);
      endVariableLength(elementAt);
    }
    endVariableLength(lengthAt);
  }

  @Override
  public void nullValue() {
    buffer.reserve(4);
    buffer.putInt(-1);
  }

  @Override
  public void endRow() throws SQLException {
    buffer.endRow();
  }

  @Override
  public void finish() throws SQLException {
    buffer.reserve(2);
    buffer.putShort(-1);
    buffer.flush();
  }

  /** Reserves a field of {@code length} bytes known up front and writes that length. */
  private void fixedLength(int length) {
    buffer.reserve(4 + length);
    buffer.putInt(length);
  }

  /**
   * Leaves room for a length not known yet, plus {@code prefixBytes} the caller writes next, and
   * returns where the length goes. The row stays contiguous in the buffer (see {@link CopyBuffer}),
   * so the length can be filled in after the value is written: one UTF-8 pass.
   */
  private int startVariableLength(int prefixBytes) {
    buffer.reserve(4 + prefixBytes);
    int lengthAt = buffer.position();
    buffer.putInt(0);
    return lengthAt;
  }

  private void endVariableLength(int lengthAt) {
    buffer.putIntAt(lengthAt, buffer.position() - lengthAt - 4);
  }
}
