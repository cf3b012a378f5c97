package org.pgloadbench.copy;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Objects;

/**
 * The one reusable byte array an encoder writes into, and the only place that talks to the {@link
 * CopySink}.
 *
 * <p>Writing is two-step: {@link #reserve} makes room, then the {@code put} methods write without
 * checking, so a fixed-size value costs one comparison. The buffer goes to the sink only in {@link
 * #endRow} (once it holds {@link #FLUSH_THRESHOLD} bytes) and in {@link #flush}, so every chunk
 * ends on a row boundary. A row therefore has to fit in the array whole: a row that does not makes
 * it double. The array holds less than {@code FLUSH_THRESHOLD} bytes of earlier rows plus the
 * current row (plus at most 16 KiB reserved ahead, see {@link #SLICE_CHARS}), so its size stays
 * below twice that sum, whatever the number of rows: it depends on the largest row only.
 */
final class CopyBuffer {
  static final int FLUSH_THRESHOLD = 64 * 1024;

  /**
   * Equal to the threshold, so the first row that crosses 64 KiB doubles the array once, to 128
   * KiB, where it stays unless a larger row comes.
   */
  static final int INITIAL_CAPACITY = 64 * 1024;

  /** Doubling from 64 KiB lands here; PostgreSQL's 1 GB field limit makes larger rows useless. */
  private static final int MAX_CAPACITY = 1 << 30;

  /**
   * Strings are encoded in slices of this many chars, each reserving its worst case (4 bytes a
   * char), so a long ASCII string over-reserves by at most 16 KiB instead of three times its
   * length.
   */
  private static final int SLICE_CHARS = 4096;

  private static final byte[][] NO_ESCAPES = new byte[128][];

  /** The most bytes a char can take: 3 in UTF-8, or an escaped ASCII char's replacement. */
  static final int MAX_ESCAPE_BYTES = 4;

  private static final VarHandle SHORT =
      MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle INT =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  private static final VarHandle INT_LE =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle LONG_LE =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  /** Each byte's two upper-case hex digits, the first in the high byte (as putShort writes it). */
  private static final short[] HEX_PAIRS = new short[256];

  static {
    byte[] digits = "0123456789ABCDEF".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    for (int b = 0; b < 256; b++) {
      HEX_PAIRS[b] = (short) (digits[b >>> 4] << 8 | digits[b & 0xF]);
    }
  }

  private final CopySink sink;
  private byte[] bytes = new byte[INITIAL_CAPACITY];
  private int position;

  CopyBuffer(CopySink sink) {
    this.sink = Objects.requireNonNull(sink, "sink");
  }

  /** Makes room for {@code count} more bytes; the {@code put} calls that use them do not check. */
  void reserve(int count) {
    if (count > bytes.length - position) {
      grow(count);
    }
  }

  private void grow(int count) {
    long required = (long) position + count;
    if (required > MAX_CAPACITY) {
      throw new IllegalStateException("a COPY row larger than 1 GiB cannot be encoded");
    }
    int capacity = bytes.length;
    while (capacity < required) {
      capacity *= 2;
    }
    bytes = Arrays.copyOf(bytes, capacity);
  }

  int position() {
    return position;
  }

  void putByte(int value) {
    bytes[position++] = (byte) value;
  }

  void putBytes(byte[] values) {
    System.arraycopy(values, 0, bytes, position, values.length);
    position += values.length;
  }

  void putShort(int value) {
    SHORT.set(bytes, position, (short) value);
    position += 2;
  }

  void putInt(int value) {
    INT.set(bytes, position, value);
    position += 4;
  }

  /** Overwrites 4 bytes written earlier: how a length reserved before its value is filled in. */
  void putIntAt(int offset, int value) {
    INT.set(bytes, offset, value);
  }

  void putLong(long value) {
    LONG.set(bytes, position, value);
    position += 8;
  }

  /**
   * Each of the first {@code count} values as its length (8) and its 8 bytes, as a binary array's
   * elements are: one loop over a local position, where a putInt and a putLong per element stored
   * the position back twice a ref (a way has about ten).
   */
  void putLengthPrefixedLongs(long[] values, int count) {
    byte[] bytes = this.bytes;
    int p = position;
    for (int i = 0; i < count; i++) {
      INT.set(bytes, p, Long.BYTES);
      LONG.set(bytes, p + Integer.BYTES, values[i]);
      p += Integer.BYTES + Long.BYTES;
    }
    position = p;
  }

  /** Little-endian, as PostGIS's EWKB is written on x86. */
  void putIntLittleEndian(int value) {
    INT_LE.set(bytes, position, value);
    position += 4;
  }

  void putLongLittleEndian(long value) {
    LONG_LE.set(bytes, position, value);
    position += 8;
  }

  /**
   * Writes the low {@code count} bytes of {@code value}, lowest first (little-endian), each as two
   * upper-case hex digits: 2 × count bytes.
   */
  void putHex(long value, int count) {
    for (int i = 0; i < count; i++) {
      SHORT.set(bytes, position, HEX_PAIRS[(int) (value >>> (8 * i)) & 0xFF]);
      position += 2;
    }
  }

  /** Writes {@code value} in ASCII decimal: at most 20 bytes ({@code Long.MIN_VALUE}). */
  void putDecimal(long value) {
    position = Decimal.put(bytes, position, value);
  }

  /** Writes packed decimal digits (see {@link Decimal#pack}); room for 8 bytes is the caller's. */
  void putPacked(long packed) {
    position = Decimal.putPacked(bytes, position, packed);
  }

  /** Writes {@code value} as UTF-8; reserves its own room. */
  void putUtf8(CharSequence value) {
    putUtf8(value, NO_ESCAPES);
  }

  /**
   * Writes {@code value} as UTF-8, replacing each ASCII char {@code c} whose {@code
   * replacements[c]} is not null by those bytes (at most {@link #MAX_ESCAPE_BYTES}). Reserves its
   * own room.
   *
   * <p>An unpaired surrogate has no UTF-8 form; it becomes {@code '?'}, as in {@code
   * String.getBytes(UTF_8)}.
   */
  void putUtf8(CharSequence value, byte[][] replacements) {
    if (value instanceof Utf8Text utf8) {
      // Nothing to escape: binary, or text without what the table names (control chars and the
      // backslash; the quote only where the table escapes it, as array elements do).
      if (replacements == NO_ESCAPES || utf8.isPlain(replacements['"'] != null)) {
        putRun(utf8.bytes(), 0, utf8.byteLength());
      } else {
        putUtf8(utf8.bytes(), utf8.byteLength(), replacements);
      }
      return;
    }
    int length = value.length();
    int i = 0;
    while (i < length) {
      int sliceEnd = Math.min(length, i + SLICE_CHARS);
      if (sliceEnd < length && Character.isHighSurrogate(value.charAt(sliceEnd - 1))) {
        sliceEnd++; // a pair stays whole in one slice
      }
      reserve(MAX_ESCAPE_BYTES * (sliceEnd - i));
      position = Utf8.encode(value, i, sliceEnd, replacements, bytes, position);
      i = sliceEnd;
    }
  }

  /**
   * Writes {@code length} bytes of UTF-8, replacing each ASCII byte {@code b} whose {@code
   * replacements[b]} is not null: runs without one are copied in bulk, and the scan skips 8 bytes
   * at a time where none can need one (the tables name only control chars, the backslash and, for
   * array elements, the quote). Scanning a jsonb value byte by byte was a fifth of text rels.
   */
  private void putUtf8(byte[] utf8, int length, byte[][] replacements) {
    boolean quotes = replacements['"'] != null;
    int runStart = 0;
    int i = 0;
    while (i < length) {
      if (i + 8 <= length && !mayNeedEscape(Utf8.word(utf8, i), quotes)) {
        i += 8;
        continue;
      }
      int b = utf8[i];
      if (b >= 0 && replacements[b] != null) {
        putRun(utf8, runStart, i);
        byte[] replacement = replacements[b];
        reserve(replacement.length);
        putBytes(replacement);
        runStart = i + 1;
      }
      i++;
    }
    putRun(utf8, runStart, length);
  }

  /** Whether any of the 8 bytes is below 0x20, a backslash or (if {@code quotes}) a quote. */
  private static boolean mayNeedEscape(long word, boolean quotes) {
    return Utf8.hasControlOrBackslash(word) || quotes && Utf8.hasQuote(word);
  }

  private void putRun(byte[] utf8, int from, int to) {
    reserve(to - from);
    System.arraycopy(utf8, from, bytes, position, to - from);
    position += to - from;
  }

  /** Called after each row: hands the buffer over once it is worth a write. */
  void endRow() throws SQLException {
    if (position >= FLUSH_THRESHOLD) {
      flush();
    }
  }

  /** Hands whatever is buffered to the sink. */
  void flush() throws SQLException {
    if (position > 0) {
      sink.write(bytes, 0, position);
      position = 0;
    }
  }
}
