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

  /** 10^0 .. 10^9: an int's digit count, see {@link #digits}. */
  private static final int[] POWERS_OF_TEN = new int[10];

  /** The tens and the ones digit of 0..99: two digits per division. */
  private static final byte[] DIGIT_TENS = new byte[100];

  private static final byte[] DIGIT_ONES = new byte[100];

  /** The same two digits as one big-endian short: one load and one store a pair. */
  private static final short[] DIGIT_PAIRS = new short[100];

  private static final VarHandle SHORT =
      MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  /** Packed digits below this: 8 of them fill a long. */
  static final long PACKED_LIMIT = 100_000_000;

  private static final long ZEROS = 0x3030303030303030L;
  private static final long NINES = 0x3939393939393939L;

  static {
    for (int i = 0, power = 1; i < POWERS_OF_TEN.length; i++, power *= 10) {
      POWERS_OF_TEN[i] = power;
    }
    for (int i = 0; i < 100; i++) {
      DIGIT_TENS[i] = (byte) ('0' + i / 10);
      DIGIT_ONES[i] = (byte) ('0' + i % 10);
      DIGIT_PAIRS[i] = (short) (DIGIT_TENS[i] << 8 | DIGIT_ONES[i]);
    }
  }

  private Decimal() {}

  /**
   * Writes {@code value} at {@code at} (room for {@link #MAX_LONG_BYTES} is the caller's) and
   * returns the position after it.
   */
  static int put(byte[] bytes, int at, long value) {
    // Ids, refs and coordinates fit an int: its division by 100 is a cheap multiply, and its digit
    // count comes from the bit length instead of a loop over the powers of ten.
    if (value >= 0 && value <= Integer.MAX_VALUE) {
      return putNonNegative(bytes, at, (int) value);
    }
    if (value < 0 && value > Integer.MIN_VALUE) {
      bytes[at] = '-';
      return putNonNegative(bytes, at + 1, (int) -value);
    }
    return putLong(bytes, at, value);
  }

  private static int putNonNegative(byte[] bytes, int at, int value) {
    int end = at + digits(value);
    int p = end;
    while (value >= 100) {
      int quotient = value / 100;
      p -= 2;
      SHORT.set(bytes, p, DIGIT_PAIRS[value - quotient * 100]);
      value = quotient;
    }
    if (value >= 10) {
      SHORT.set(bytes, p - 2, DIGIT_PAIRS[value]);
    } else {
      bytes[p - 1] = DIGIT_ONES[value];
    }
    return end;
  }

  /**
   * 0..99,999,999 as 8 ASCII digits with leading zeros, packed big-endian in a long: the form in
   * which {@link #increment} counts up without dividing.
   */
  static long pack(int value) {
    int high = value / 10_000;
    int low = value - high * 10_000;
    int a = high / 100;
    int b = low / 100;
    return (long) pair(a) << 48
        | (long) pair(high - a * 100) << 32
        | (long) pair(b) << 16
        | pair(low - b * 100);
  }

  private static int pair(int value) {
    return DIGIT_PAIRS[value] & 0xFFFF;
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

  /** 1 for 0..9, 2 for 10..99, ...: floor(log10) from floor(log2) (1233 / 4096 ~ log10(2)). */
  private static int digits(int value) {
    int nonZero = value | 1;
    int guess = (32 - Integer.numberOfLeadingZeros(nonZero)) * 1233 >>> 12;
    return guess + (nonZero >= POWERS_OF_TEN[guess] ? 1 : 0);
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
