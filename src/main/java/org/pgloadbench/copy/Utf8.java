package org.pgloadbench.copy;

/**
 * Chars to UTF-8 bytes, straight into a byte array: shared by {@link CopyBuffer} and {@link
 * Utf8Text}.
 */
final class Utf8 {
  /** The most bytes one char becomes: 3 in UTF-8 (a surrogate pair's 4 are 2 a char). */
  static final int MAX_BYTES_PER_CHAR = 3;

  private Utf8() {}

  /**
   * Writes the chars {@code from..to} of {@code value} at {@code at} as UTF-8 and returns the
   * position after them. Each ASCII char {@code c} whose {@code replacements[c]} is not null
   * becomes those bytes instead; the caller makes room for the worst case. A surrogate pair has to
   * lie whole in the range: an unpaired surrogate has no UTF-8 form and becomes {@code '?'}, as in
   * {@code String.getBytes(UTF_8)}.
   */
  static int encode(
      CharSequence value, int from, int to, byte[][] replacements, byte[] bytes, int at) {
    int p = at;
    int i = from;
    while (i < to) {
      char c = value.charAt(i++);
      if (c < 0x80) {
        byte[] replacement = replacements[c];
        if (replacement == null) {
          bytes[p++] = (byte) c;
        } else {
          for (byte r : replacement) {
            bytes[p++] = r;
          }
        }
      } else if (c < 0x800) {
        bytes[p++] = (byte) (0xC0 | (c >> 6));
        bytes[p++] = (byte) (0x80 | (c & 0x3F));
      } else if (!Character.isSurrogate(c)) {
        bytes[p++] = (byte) (0xE0 | (c >> 12));
        bytes[p++] = (byte) (0x80 | ((c >> 6) & 0x3F));
        bytes[p++] = (byte) (0x80 | (c & 0x3F));
      } else if (Character.isHighSurrogate(c)
          && i < to
          && Character.isLowSurrogate(value.charAt(i))) {
        int codePoint = Character.toCodePoint(c, value.charAt(i++));
        bytes[p++] = (byte) (0xF0 | (codePoint >> 18));
        bytes[p++] = (byte) (0x80 | ((codePoint >> 12) & 0x3F));
        bytes[p++] = (byte) (0x80 | ((codePoint >> 6) & 0x3F));
        bytes[p++] = (byte) (0x80 | (codePoint & 0x3F));
      } else {
        bytes[p++] = '?';
      }
    }
    return p;
  }

  /**
   * Copies {@code length} bytes of UTF-8 from {@code utf8} to {@code at}, each ASCII byte {@code b}
   * whose {@code replacements[b]} is not null replaced by those bytes, and returns the position
   * after them; the caller makes room for the worst case.
   */
  static int replace(byte[] utf8, int length, byte[][] replacements, byte[] bytes, int at) {
    int p = at;
    for (int i = 0; i < length; i++) {
      byte b = utf8[i];
      byte[] replacement = b >= 0 ? replacements[b] : null;
      if (replacement == null) {
        bytes[p++] = b;
      } else {
        for (byte r : replacement) {
          bytes[p++] = r;
        }
      }
    }
    return p;
  }
}
