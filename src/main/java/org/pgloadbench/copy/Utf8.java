package org.pgloadbench.copy;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Chars to UTF-8 bytes, straight into a byte array: shared by {@link CopyBuffer} and {@link
 * Utf8Text}.
 */
final class Utf8 {
  /** 8 bytes at once, for scanning: the order of the bytes does not matter there. */
  private static final VarHandle WORD =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.nativeOrder());

  private static final long ONES = 0x0101010101010101L;
  private static final long HIGH_BITS = 0x8080808080808080L;

  private Utf8() {}

  /** The 8 bytes from {@code at}, for {@link #hasControlOrBackslash} and {@link #hasQuote}. */
  static long word(byte[] bytes, int at) {
    return (long) WORD.get(bytes, at);
  }

  /** Stores a {@link #word} at {@code at}: with it, 8 bytes are copied in one load and store. */
  static void putWord(byte[] bytes, int at, long word) {
    WORD.set(bytes, at, word);
  }

  /**
   * Whether any of the 8 bytes is below 0x20 or a backslash, what a text COPY field escapes; bytes
   * of multi-byte chars (0x80 and up) never are. The bit tricks of "Bit Twiddling Hacks": a byte
   * below n, or zero after an xor, borrows into its high bit. The answer is exact for the word;
   * which byte it is takes a second look.
   */
  static boolean hasControlOrBackslash(long word) {
    long backslash = word ^ 0x5C5C5C5C5C5C5C5CL;
    return (((word - 0x20 * ONES) & ~word | (backslash - ONES) & ~backslash) & HIGH_BITS) != 0;
  }

  /** Whether any of the 8 bytes is a quote, which JSON and array elements escape. */
  static boolean hasQuote(long word) {
    long quote = word ^ 0x2222222222222222L;
    return ((quote - ONES) & ~quote & HIGH_BITS) != 0;
  }

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
