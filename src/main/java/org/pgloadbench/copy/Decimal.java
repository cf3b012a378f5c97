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
