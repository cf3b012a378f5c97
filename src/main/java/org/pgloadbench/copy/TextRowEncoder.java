package org.pgloadbench.copy;

import java.sql.SQLException;
import java.util.Objects;

/**
 * COPY's text format: fields separated by TAB, rows ended by LF, NULL as {@code \N}, values in
 * their text form in UTF-8 (the client encoding pgjdbc sets). No end marker: through the protocol,
 * COPY ends with CopyDone, not {@code \.}.
 */
public final class TextRowEncoder implements RowEncoder {
  /** At most 20 bytes for an int8 ({@code Long.MIN_VALUE}), 11 for an int4. */
  private static final int INT8_DIGITS = 20;

  private static final int INT4_DIGITS = 11;

  /** Coordinates are written with 6 decimals, below 1e12 in magnitude: at most 21 chars. */
  private static final long MICROS = 1_000_000;

  private static final double MAX_COORDINATE = 1e12;
  private static final int COORDINATE_CHARS = 21;

  /**
   * The escape (a backslash and a letter) of each ASCII char that needs one. COPY FROM requires it
   * for backslash, LF, CR and the TAB delimiter; BS, FF and VT are escaped too, as COPY TO does, so
   * the output matches what the server itself writes. Other control chars go through unchanged,
   * which COPY FROM accepts.
   */
  private static final byte[][] ESCAPES = new byte[128][];

  /**
   * An element of a text[] literal is quoted, with quote and backslash backslash-escaped inside the
   * literal, and the literal is then escaped for COPY: so {@code "} becomes {@code \\"} and a
   * backslash four of them.
   */
  private static final byte[][] ARRAY_ELEMENT_ESCAPES = new byte[128][];

  static {
    escape('\\', '\\');
    escape('\t', 't');
    escape('\n', 'n');
    escape('\r', 'r');
    escape('\b', 'b');
    escape('\f', 'f');
    escape((char) 0x0B, 'v');
    ARRAY_ELEMENT_ESCAPES['"'] = new byte[] {'\\', '\\', '"'};
    ARRAY_ELEMENT_ESCAPES['\\'] = new byte[] {'\\', '\\', '\\', '\\'};
  }

  private static void escape(char c, char letter) {
    ESCAPES[c] = new byte[] {'\\', (byte) letter};
    ARRAY_ELEMENT_ESCAPES[c] = ESCAPES[c];
  }

  private final CopyBuffer buffer;
  private boolean firstField;

  /**
   * The integer last written as a row's first field and its packed digits (-1: none): ids count up
   * by one row after row, so the next id's digits are the previous ones counted up, no division.
   */
  private long previousId = Long.MIN_VALUE;

  private long previousIdPacked = -1;

  /** EWKB in hex: room for it is reserved whole by the caller. */
  private final Ewkb.Out hexEwkb;

  public TextRowEncoder(CopySink sink) {
    this.buffer = new CopyBuffer(sink);
    this.hexEwkb = Ewkb.hex(buffer);
  }

  /** The text format carries no field count; the server checks it against the column list. */
  @Override
  public void beginRow(int fieldCount) {
    firstField = true;
  }

  @Override
  public void int2(short value) {
    int4(value);
  }

  @Override
  public void int4(int value) {
    integer(value, INT4_DIGITS);
  }

  @Override
  public void int8(long value) {
    integer(value, INT8_DIGITS);
  }

  private void integer(long value, int maxDigits) {
    if (firstField) {
      firstInteger(value, maxDigits);
      return;
    }
    startField(maxDigits);
    buffer.putDecimal(value);
  }

  /**
   * A row's first field, usually its id: apart from {@link #integer}, so that the JIT's code for
   * the other integers (a node's lat and lon) stays small enough to inline into the row writers.
   */
  private void firstInteger(long value, int maxDigits) {
    startField(maxDigits);
    previousIdPacked = putCounting(value, previousId, previousIdPacked);
    previousId = value;
  }

  /**
   * Writes {@code value}: the digits of {@code previous}, packed in {@code previousPacked} (-1:
   * none), counted up where it follows them by one, else its own; returns its packed digits, or -1
   * when it has none (negative, or 9 digits and more).
   */
  private long putCounting(long value, long previous, long previousPacked) {
    long packed =
        previousPacked >= 0 && value - 1 == previous
            ? Decimal.increment(previousPacked)
            : value >= 0 && value < Decimal.PACKED_LIMIT ? Decimal.pack((int) value) : -1;
    if (packed >= 0) {
      buffer.putPacked(packed);
    } else {
      buffer.putDecimal(value);
    }
    return packed;
  }

  /**
   * An array literal such as {@code {1,-2,3}}; numbers need no quotes, nor COPY escapes. Most of a
   * way's node refs follow their predecessor by one: such an element is the predecessor's digits,
   * kept packed in a long, counted up without a division. Converting refs to decimal was the
   * largest cost of text ways.
   */
  @Override
  public void int8Array(long[] values, int count) {
    Objects.checkFromIndexSize(0, count, values.length);
    startArray();
    long packed = -1; // the previous element's digits while it is in 0..99,999,999
    for (int i = 0; i < count; i++) {
      // Room for the comma and the number; reserving per element keeps the buffer at what the
      // array really takes, not 21 bytes an element.
      startElement(i, INT8_DIGITS);
      packed = putCounting(values[i], i > 0 ? values[i - 1] : 0, packed);
    }
    endArray();
  }

  @Override
  public void int4Array(int[] values, int count) {
    Objects.checkFromIndexSize(0, count, values.length);
    startArray();
    for (int i = 0; i < count; i++) {
      startElement(i, INT4_DIGITS);
      buffer.putDecimal(values[i]);
    }
    endArray();
  }

  /** A field that is an array literal: its opening brace, and room for the closing one. */
  private void startArray() {
    startField(2);
    buffer.putByte('{');
  }

  /** Element {@code i} of an array: the comma before all but the first, and room for its bytes. */
  private void startElement(int i, int bytes) {
    buffer.reserve(1 + bytes);
    if (i > 0) {
      buffer.putByte(',');
    }
  }

  private void endArray() {
    buffer.reserve(1);
    buffer.putByte('}');
  }

  /** {@code (x,y)}, as point_out writes it. */
  @Override
  public void point(double x, double y) {
    startField(3 + 2 * COORDINATE_CHARS);
    putPoint(x, y);
  }

  /** {@code (x1,y1),(x2,y2)}, the upper-right corner first, as box_out writes it. */
  @Override
  public void box(double highX, double highY, double lowX, double lowY) {
    startField(7 + 4 * COORDINATE_CHARS);
    putPoint(highX, highY);
    buffer.putByte(',');
    putPoint(lowX, lowY);
  }

  private void putPoint(double x, double y) {
    buffer.putByte('(');
    putCoordinate(x);
    buffer.putByte(',');
    putCoordinate(y);
    buffer.putByte(')');
  }

  /**
   * A coordinate with 6 decimals, written digit by digit (no String per value); room was reserved
   * by the caller. Non-finite or huge values are refused: a generator never makes them.
   */
  private void putCoordinate(double value) {
    if (!(Math.abs(value) < MAX_COORDINATE)) {
      throw new IllegalArgumentException("coordinate out of range: " + value);
    }
    long micros = Math.round(value * MICROS);
    if (micros < 0) {
      buffer.putByte('-');
      micros = -micros;
    }
    buffer.putDecimal(micros / MICROS);
    buffer.putByte('.');
    long fraction = micros % MICROS;
    for (long unit = MICROS / 10; unit > 0; unit /= 10) {
      buffer.putByte((int) ('0' + fraction / unit % 10));
    }
  }

  /** Hex EWKB, as osm2pgsql writes geometries into its COPY: no escapes needed. */
  @Override
  public void ewkbPoint(int srid, double x, double y) {
    startField(2 * Ewkb.POINT_BYTES);
    Ewkb.point(hexEwkb, srid, x, y);
  }

  @Override
  public void ewkbLineString(int srid, double[] xy, int count) {
    startField(2 * Ewkb.lineStringBytes(count));
    Ewkb.lineString(hexEwkb, srid, xy, count);
  }

  @Override
  public void jsonb(CharSequence json) {
    text(json);
  }

  @Override
  public void text(CharSequence value) {
    startField(0);
    buffer.putUtf8(value, ESCAPES);
  }

  /** A literal such as {@code {"a","b c"}}: every element quoted, so none needs a second look. */
  @Override
  public void textArray(CharSequence[] values, int count) {
    Objects.checkFromIndexSize(0, count, values.length);
    startArray();
    for (int i = 0; i < count; i++) {
      startElement(i, 1);
      buffer.putByte('"');
      buffer.putUtf8(values[i], ARRAY_ELEMENT_ESCAPES);
      buffer.reserve(1);
      buffer.putByte('"');
    }
    endArray();
  }

  @Override
  public void nullValue() {
    startField(2);
    buffer.putByte('\\');
    buffer.putByte('N');
  }

  @Override
  public void endRow() throws SQLException {
    buffer.reserve(1);
    buffer.putByte('\n');
    buffer.endRow();
  }

  @Override
  public void finish() throws SQLException {
    buffer.flush();
  }

  /** Writes the separator a field needs and reserves {@code valueBytes} for the value after it. */
  private void startField(int valueBytes) {
    buffer.reserve(1 + valueBytes);
    if (firstField) {
      firstField = false;
    } else {
      buffer.putByte('\t');
    }
  }
}
