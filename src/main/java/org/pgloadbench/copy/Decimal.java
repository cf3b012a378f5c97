package org.pgloadbench.copy;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * ASCII decimal digits written straight into a byte array: the text form of every integer the
 * encoders and {@link Utf8Text} write, with no String per value.
 */
final class Decimal {
  /** At most 20 bytes: {@code Long.MIN_VALUE}. */
  static final int MAX_LONG_BYTES = 20;

  /** The tens and the ones digit of 0..99: two digits per division. */
  private static final byte[] DIGIT_TENS = new byte[100];

  private static final byte[] DIGIT_ONES = new byte[100];

  /**
   * The same two digits as one big-endian short: one load and one store for the top pair of every
   * int from 10^9 up, a node's longitude beyond 100 degrees among them (not rare: 44% of a world).
   */
  private static final short[] DIGIT_PAIRS = new short[100];

  /** 0..9999 as 4 ASCII digits, the first in the lowest byte: 40 KB, two loads per 8 digits. */
  private static final int[] FOUR_DIGITS = new int[10_000];

  private static final VarHandle SHORT =
      MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle LONG_LE =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  /** Packed digits below this: 8 of them fill a long. */
  static final long PACKED_LIMIT = 100_000_000;

  private static final int EIGHT_DIGITS = 100_000_000;

  private static final long ZEROS = 0x3030303030303030L;
  private static final long NINES = 0x3939393939393939L;

  static {
    for (int i = 0; i < 100; i++) {
      DIGIT_TENS[i] = (byte) ('0' + i / 10);
      DIGIT_ONES[i] = (byte) ('0' + i % 10);
      DIGIT_PAIRS[i] = (short) (DIGIT_TENS[i] << 8 | DIGIT_ONES[i]);
    }
    for (int i = 0; i < FOUR_DIGITS.length; i++) {
      FOUR_DIGITS[i] =
          DIGIT_TENS[i / 100] | DIGIT_ONES[i / 100] << 8 | DIGIT_TENS[i % 100] << 16
              | DIGIT_ONES[i % 100] << 24;
    }
  }

  private Decimal() {}

  /**
   * Writes {@code value} at {@code at} (room for {@link #MAX_LONG_BYTES} is the caller's; a value
   * of int range may write up to 11 bytes from {@code at}, whatever its length) and returns the
   * position after it.
   */
  static int put(byte[] bytes, int at, long value) {
    // Ids, refs and coordinates fit an int: its divisions by constants are cheap multiplies.
    if (value > Integer.MIN_VALUE && value <= Integer.MAX_VALUE) {
      int v = (int) value;
      // The sign without a branch: a '-' that the first digit overwrites unless v is negative. One
      // call of putNonNegative, not one per sign, halves this method's compiled code, which the
      // JIT inlines into the encoders only while it is small.
      bytes[at] = '-';
      return putNonNegative(bytes, at + (v >>> 31), Math.abs(v));
    }
    return putLong(bytes, at, value);
  }

  /**
   * An int's digits as at most two groups: the top one or two digits, then eight stored at once
   * ({@link #digits8}). A loop dividing by 100 waits for each quotient before the next, and
   * loads each pair of digits from a table: that loop was the largest cost of a text node (its id,
   * lat and lon). May write up to 8 bytes past the value's end when it has fewer than 8 digits,
   * within the room the caller made.
   */
  private static int putNonNegative(byte[] bytes, int at, int value) {
    if (value < EIGHT_DIGITS) {
      long digits = digits8(value);
      // leading zeros are the low '0' bytes; the top byte (the last digit) always counts
      int zeros = Long.numberOfTrailingZeros((digits ^ ZEROS) | 1L << 56) >>> 3;
      LONG_LE.set(bytes, at, digits >>> (zeros << 3));
      return at + 8 - zeros;
    }
    int high = value / EIGHT_DIGITS; // 1..21
    int low = value - high * EIGHT_DIGITS;
    int p = at;
    if (high >= 10) {
      SHORT.set(bytes, p, DIGIT_PAIRS[high]);
      p += 2;
    } else {
      bytes[p++] = DIGIT_ONES[high];
    }
    LONG_LE.set(bytes, p, digits8(low));
    return p + 8;
  }

  /**
   * 0..99,999,999 as 8 ASCII digits with leading zeros, the first in the lowest byte (little-endian,
   * the order they are written in): two lookups of four digits, after one division by a constant,
   * which is a multiply. Four multiplies splitting the lanes of a long did the same in more steps:
   * a text node converts two such groups, its lat and lon, and the lookups made it about 5% faster.
   */
  static long digits8(int value) {
    int high = value / 10_000;
    return FOUR_DIGITS[high] & 0xFFFF_FFFFL | (long) FOUR_DIGITS[value - high * 10_000] << 32;
  }

  /**
   * 0..99,999,999 as 8 ASCII digits with leading zeros, packed big-endian in a long: the form in
   * which {@link #increment} counts up without dividing.
   */
  static long pack(int value) {
    return Long.reverseBytes(digits8(value));
  }

  /**
   * The packed digits of the next integer: the trailing 9s (found as zero bytes of an xor) become
   * 0s and the digit before them goes up by one. -1 after 99,999,999, which needs 9 digits.
   */
  static long increment(long packed) {
    int trailingNines = Long.numberOfTrailingZeros(packed ^ NINES) >>> 3;
    if (trailingNines == 8) {
      return -1;
    }
    long nines = (1L << (trailingNines << 3)) - 1;
    return ((packed & ~nines) | (ZEROS & nines)) + (1L << (trailingNines << 3));
  }

  /**
   * Writes packed digits without their leading zeros at {@code at} and returns the position after
   * them: one 8-byte store, which may write past the end (room for 8 bytes is the caller's).
   */
  static int putPacked(byte[] bytes, int at, long packed) {
    int digits = Math.max(1, 8 - (Long.numberOfLeadingZeros(packed ^ ZEROS) >>> 3));
    LONG.set(bytes, at, packed << ((8 - digits) << 3));
    return at + digits;
  }

  /** Any long, from its non-positive form (-Long.MIN_VALUE does not exist); rare, kept simple. */
  private static int putLong(byte[] bytes, int at, long value) {
    long negative = value;
    if (value < 0) {
      bytes[at++] = '-';
    } else {
      negative = -value;
    }
    int digits = 1;
    for (long power = -10; digits < 19 && negative <= power; power *= 10) {
      digits++;
    }
    int end = at + digits;
    int p = end;
    while (negative <= -100) {
      long quotient = negative / 100;
      int pair = (int) (quotient * 100 - negative);
      bytes[--p] = DIGIT_ONES[pair];
      bytes[--p] = DIGIT_TENS[pair];
      negative = quotient;
    }
    int last = (int) -negative;
    bytes[--p] = DIGIT_ONES[last];
    if (last >= 10) {
      bytes[--p] = DIGIT_TENS[last];
    }
    return end;
  }
}
