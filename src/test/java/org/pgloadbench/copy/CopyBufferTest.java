package org.pgloadbench.copy;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The shared buffer on its own, checked against the JDK's own conversions. */
class CopyBufferTest {
  private final RecordingSink sink = new RecordingSink();
  private final CopyBuffer buffer = new CopyBuffer(sink);

  private String flushedAsLatin1() throws SQLException {
    buffer.flush();
    return new String(sink.bytes(), ISO_8859_1);
  }

  @Test
  void decimalsMatchLongToString() throws SQLException {
    StringBuilder expected = new StringBuilder();
    SplittableRandom random = new SplittableRandom(1);
    long[] edges = {0, Long.MAX_VALUE, Long.MIN_VALUE, Integer.MAX_VALUE, Integer.MIN_VALUE};
    for (int i = 0; i < 10_000; i++) {
      long value = i < edges.length ? edges[i] : random.nextLong() >> random.nextInt(64);
      buffer.reserve(21);
      buffer.putDecimal(value);
      buffer.putByte(' ');
      expected.append(value).append(' ');
    }
    for (long power = 1; power <= 1_000_000_000_000_000_000L; power *= 10) {
      for (long value : new long[] {power - 1, power, power + 1, -power + 1, -power, -power - 1}) {
        buffer.reserve(21);
        buffer.putDecimal(value);
        buffer.putByte(' ');
        expected.append(value).append(' ');
      }
    }

    assertThat(flushedAsLatin1()).isEqualTo(expected.toString());
  }

  @Test
  void utf8MatchesStringGetBytesForAnyCodePointsAndUnpairedSurrogates() throws SQLException {
    SplittableRandom random = new SplittableRandom(2);
    StringBuilder all = new StringBuilder();
    for (int i = 0; i < 200; i++) {
      StringBuilder value = new StringBuilder();
      int length = random.nextInt(10_000);
      while (value.length() < length) {
        switch (random.nextInt(5)) {
          case 0 -> value.append((char) random.nextInt(0x80));
          case 1 -> value.append((char) random.nextInt(0x80, 0x800));
          case 2 -> value.append((char) random.nextInt(0x800, 0x10000)); // lone surrogates too
          default -> value.appendCodePoint(random.nextInt(0x10000, 0x110000));
        }
      }
      buffer.putUtf8(value);
      all.append(value);
    }
    buffer.flush();

    assertThat(sink.bytes()).isEqualTo(all.toString().getBytes(UTF_8));
  }

  @Test
  void replacementsReplaceOnlyTheCharsTheyName() throws SQLException {
    byte[][] escapes = new byte[128][];
    escapes['\n'] = new byte[] {'\\', 'n'};
    buffer.putUtf8("a\nb\\c\t\u00E9", escapes);

    assertThat(sink.bytes()).isEmpty();
    assertThat(flushedAsLatin1()).isEqualTo("a\\nb\\c\t\u00C3\u00A9");
  }

  @Test
  void aLongAsciiStringGrowsTheBufferOnlyToWhatItNeeds() throws SQLException {
    buffer.putUtf8("x".repeat(200_000));

    assertThat(buffer.position()).isEqualTo(200_000);
    buffer.flush(); // hands the sink the buffer's array

    // Reserving 3 bytes a char for the whole string would have doubled up to 1 MiB.
    assertThat(sink.arrayLength()).isEqualTo(256 * 1024);
  }

  @Test
  void growingKeepsWhatWasWrittenAndItsOffsets() throws SQLException {
    buffer.reserve(4);
    int lengthAt = buffer.position();
    buffer.putInt(0);
    byte[] big = new byte[300_000];
    Arrays.fill(big, (byte) 'b');
    buffer.reserve(big.length);
    buffer.putBytes(big);
    buffer.putIntAt(lengthAt, big.length);
    buffer.flush();

    byte[] written = sink.bytes();
    assertThat(Arrays.copyOf(written, 4)).containsExactly(0x00, 0x04, 0x93, 0xE0);
    assertThat(written).hasSize(4 + big.length);
    assertThat(sink.chunkLengths()).containsExactly(4 + big.length);
  }

  @Test
  void endRowSendsOnlyOnceTheThresholdIsReached() throws SQLException {
    buffer.reserve(CopyBuffer.FLUSH_THRESHOLD - 1);
    buffer.putBytes(new byte[CopyBuffer.FLUSH_THRESHOLD - 1]);
    buffer.endRow();
    assertThat(sink.chunkLengths()).isEmpty();

    buffer.reserve(1);
    buffer.putByte(1);
    buffer.endRow();
    assertThat(sink.chunkLengths()).containsExactly(CopyBuffer.FLUSH_THRESHOLD);
    assertThat(buffer.position()).isZero();

    buffer.flush();
    assertThat(sink.chunkLengths()).hasSize(1); // nothing left: no empty write
  }

  @Test
  void memoryStaysFlatOverManyRows() throws SQLException {
    for (int row = 0; row < 100_000; row++) {
      buffer.putUtf8("a row of about one hundred bytes: ".repeat(3));
      buffer.endRow();
    }
    buffer.putUtf8("the last row");
    buffer.flush(); // hands the sink the buffer's array as it is now

    // The first row to cross 64 KiB doubles the array once; after that nothing grows.
    assertThat(sink.arrayLength()).isEqualTo(128 * 1024);
  }
}
