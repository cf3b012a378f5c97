package org.pgloadbench.copy;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.util.Arrays;

/**
 * Text built as UTF-8 in one reusable byte array, for values a row writer assembles (such as JSON):
 * the COPY encoders copy its bytes in bulk (escaping the rare byte the text format needs to)
 * instead of encoding it char by char a second time. It is a {@link CharSequence}, so that every
 * {@link RowEncoder} takes it; that view decodes the bytes into a String, once per change, and is
 * meant for encoders off the COPY path (INSERT, tests).
 */
public final class Utf8Text implements CharSequence {
  /** The longest replacement {@link #append(CharSequence, byte[][])} takes for a char. */
  public static final int MAX_REPLACEMENT_BYTES = 6;

  private static final byte[][] NO_REPLACEMENTS = new byte[128][];

  private byte[] bytes;
  private int length;
  private String decoded;

  public Utf8Text(int initialCapacity) {
    bytes = new byte[initialCapacity];
  }

  /** Empties the text, keeping the array. */
  public Utf8Text clear() {
    length = 0;
    decoded = null;
    return this;
  }

  /** Appends an ASCII char as its one byte. */
  public Utf8Text appendAscii(char c) {
    reserve(1);
    bytes[length++] = (byte) c;
    return this;
  }

  /** Appends {@code value} in decimal. */
  public Utf8Text append(long value) {
    reserve(Decimal.MAX_LONG_BYTES);
    length = Decimal.put(bytes, length, value);
    return this;
  }

  /**
   * Appends one byte of UTF-8 as it is: for text read in UTF-8 already. The caller keeps the text
   * valid UTF-8.
   */
  public Utf8Text appendUtf8Byte(int b) {
    reserve(1);
    bytes[length++] = (byte) b;
    return this;
  }

  /** Appends {@code value} as UTF-8. */
  public Utf8Text append(CharSequence value) {
    return append(value, NO_REPLACEMENTS);
  }

  /**
   * Appends {@code value} as UTF-8, each ASCII char {@code c} whose {@code replacements[c]} (128
   * entries) is not null replaced by those bytes, at most {@link #MAX_REPLACEMENT_BYTES} of them.
   */
  public Utf8Text append(CharSequence value, byte[][] replacements) {
    if (value instanceof Utf8Text utf8 && replacements == NO_REPLACEMENTS) {
      reserve(utf8.length);
      System.arraycopy(utf8.bytes, 0, bytes, length, utf8.length);
      length += utf8.length;
      return this;
    }
    if (value instanceof Utf8Text utf8) {
      reserve(MAX_REPLACEMENT_BYTES * utf8.length);
      length = Utf8.replace(utf8.bytes, utf8.length, replacements, bytes, length);
      return this;
    }
    int chars = value.length();
    reserve(MAX_REPLACEMENT_BYTES * chars);
    length = Utf8.encode(value, 0, chars, replacements, bytes, length);
    return this;
  }

  /** The bytes; the first {@link #byteLength()} are the text. Overwritten by later appends. */
  byte[] bytes() {
    return bytes;
  }

  int byteLength() {
    return length;
  }

  private void reserve(int count) {
    decoded = null;
    if (count > bytes.length - length) {
      bytes = Arrays.copyOf(bytes, Math.max(2 * bytes.length, length + count));
    }
  }

  @Override
  public int length() {
    return toString().length();
  }

  @Override
  public char charAt(int index) {
    return toString().charAt(index);
  }

  @Override
  public CharSequence subSequence(int start, int end) {
    return toString().subSequence(start, end);
  }

  @Override
  public String toString() {
    if (decoded == null) {
      decoded = new String(bytes, 0, length, UTF_8);
    }
    return decoded;
  }
}
