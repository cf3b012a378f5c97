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

  /**
   * Texts of up to this many bytes are appended as two 8-byte words: every array has room for them.
   */
  private static final int SHORT_COPY = 16;

  private byte[] bytes;
  private int length;
  private String decoded;

  /**
   * What no byte of the text is, found once per change: 0 not known yet, else {@link #KNOWN} with
   * {@link #NO_CONTROL_OR_BACKSLASH} and {@link #NO_QUOTE} where they hold.
   */
  private byte plain;

  private static final byte KNOWN = 1;
  private static final byte NO_CONTROL_OR_BACKSLASH = 2;
  private static final byte NO_QUOTE = 4;

  public Utf8Text(int initialCapacity) {
    bytes = new byte[Math.max(SHORT_COPY, initialCapacity)];
  }

  /**
   * A constant, such as a word of a fixed vocabulary: its UTF-8 is encoded once, and text without
   * anything to escape is then copied in bulk wherever it goes. Never append to it.
   */
  public static Utf8Text of(String value) {
    return new Utf8Text(Math.max(1, 3 * value.length())).append(value);
  }

  /** Empties the text, keeping the array. */
  public Utf8Text clear() {
    length = 0;
    decoded = null;
    plain = 0;
    return this;
  }

  /** Appends an ASCII char as its one byte. */
  public Utf8Text appendAscii(char c) {
    return appendUtf8Byte(c);
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
   * The table may name only control chars, the quote and the backslash (what JSON and COPY escape):
   * a Utf8Text value without any of these is copied as it is.
   */
  public Utf8Text append(CharSequence value, byte[][] replacements) {
    if (value instanceof Utf8Text utf8 && (replacements == NO_REPLACEMENTS || utf8.isPlain(true))) {
      appendBytes(utf8.bytes, utf8.length);
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

  /**
   * Appends the first {@code count} bytes of {@code from}, another text's array (so at least
   * {@link #SHORT_COPY} long). Up to that many bytes are two word copies, whatever the count: the
   * bytes past it are overwritten by what follows or lie past the text's end. A System.arraycopy
   * call for each short piece of a row's JSON (names, roles, tag words) was a fifth of text rels.
   */
  private void appendBytes(byte[] from, int count) {
    reserve(Math.max(count, SHORT_COPY));
    if (count <= SHORT_COPY) {
      Utf8.putWord(bytes, length, Utf8.word(from, 0));
      Utf8.putWord(bytes, length + 8, Utf8.word(from, 8));
    } else {
      System.arraycopy(from, 0, bytes, length, count);
    }
    length += count;
  }

  /** The bytes; the first {@link #byteLength()} are the text. Overwritten by later appends. */
  byte[] bytes() {
    return bytes;
  }

  int byteLength() {
    return length;
  }

  /**
   * Whether no byte needs an escape where quotes do ({@code quotes}: JSON, array elements) or do not
   * (a text COPY field, which escapes control chars and the backslash alone, so a constant JSON
   * value is copied in bulk there); found in one scan per change. Threads sharing a constant may
   * each compute it: the answer is stored in one write, so any of them is right.
   */
  boolean isPlain(boolean quotes) {
    if (plain == 0) {
      plain = scan();
    }
    byte needed = quotes ? NO_CONTROL_OR_BACKSLASH | NO_QUOTE : NO_CONTROL_OR_BACKSLASH;
    return (plain & needed) == needed;
  }

  /**
   * 8 bytes a step ({@link Utf8#hasControlOrBackslash}), then byte by byte from the first word
   * that has a control char or a backslash: the byte loop over every jsonb value was a third of
   * text rels. A JSON text is full of quotes, so they are noted and do not stop the word loop.
   */
  private byte scan() {
    byte found = KNOWN | NO_CONTROL_OR_BACKSLASH | NO_QUOTE;
    int i = 0;
    for (; i + 8 <= length; i += 8) {
      long word = Utf8.word(bytes, i);
      if (Utf8.hasControlOrBackslash(word)) {
        break;
      }
      if (Utf8.hasQuote(word)) {
        found &= ~NO_QUOTE;
      }
    }
    for (; i < length; i++) {
      byte b = bytes[i];
      if (b >= 0 && (b < 0x20 || b == '\\')) {
        return (byte) (found & ~NO_CONTROL_OR_BACKSLASH);
      }
      if (b == '"') {
        found &= ~NO_QUOTE;
      }
    }
    return found;
  }

  private void reserve(int count) {
    decoded = null;
    plain = 0;
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
