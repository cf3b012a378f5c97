package org.pgloadbench.copy;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The digit conversions that write 8 digits at once, against the JDK's: every value of int range
 * near a change in its digit count, a million random ones, and the bytes they may write past their
 * end kept within the 11 the encoders reserve for an int.
 */
class DecimalTest {
  @Test
  void intsMatchLongToStringAndStayWithinElevenBytes() {
    SplittableRandom random = new SplittableRandom(7);
    for (int i = 0; i < 1_000_000; i++) {
      check(random.nextInt() >> random.nextInt(32));
    }
    for (long power = 1; power <= Integer.MAX_VALUE; power *= 10) {
      for (long delta = -2; delta <= 2; delta++) {
        check(power + delta);
        check(-(power + delta));
      }
    }
    for (long edge : new long[] {0, Integer.MAX_VALUE, Integer.MIN_VALUE, Integer.MIN_VALUE + 1}) {
      check(edge);
    }
  }

  @Test
  void packedDigitsCountUpLikeTheirValues() {
    long packed = Decimal.pack(0);
    for (int value = 0; value < 2_000_000; value++) {
      assertThat(new String(bigEndian(packed), US_ASCII))
          .isEqualTo(String.format(Locale.ROOT, "%08d", value));
      assertThat(Decimal.pack(value)).isEqualTo(packed);
      packed = Decimal.increment(packed);
    }
    assertThat(Decimal.pack(99_999_999)).isEqualTo(0x3939393939393939L);
    assertThat(Decimal.increment(Decimal.pack(99_999_999))).isEqualTo(-1);
  }

  private static void check(long value) {
    byte[] bytes = new byte[32];
    Arrays.fill(bytes, (byte) '#');
    int end = Decimal.put(bytes, 4, value);
    assertThat(new String(bytes, 4, end - 4, US_ASCII)).isEqualTo(Long.toString(value));
    for (int i = 4 + 11; i < bytes.length; i++) {
      assertThat(bytes[i]).as("byte %d after %d", i - 4, value).isEqualTo((byte) '#');
    }
    for (int i = 0; i < 4; i++) {
      assertThat(bytes[i]).isEqualTo((byte) '#');
    }
  }

  private static byte[] bigEndian(long packed) {
    byte[] bytes = new byte[8];
    for (int i = 0; i < 8; i++) {
      bytes[i] = (byte) (packed >>> (56 - 8 * i));
    }
    return bytes;
  }
}
