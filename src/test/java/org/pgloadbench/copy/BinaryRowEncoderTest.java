package org.pgloadbench.copy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.pgloadbench.copy.TestBytes.hex;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

class BinaryRowEncoderTest {
  private static final String HEADER = "50 47 43 4F 50 59 0A FF 0D 0A 00  00000000  00000000";
  private static final String TRAILER = "FFFF";

  private final RecordingSink sink = new RecordingSink();
  private final RowEncoder encoder = CopyFormat.BINARY.encoder(sink);

  /** The expected stream, written field by field with DataOutputStream (big-endian). */
  private final ByteArrayOutputStream expectedBytes = new ByteArrayOutputStream();

  private final DataOutputStream expected = new DataOutputStream(expectedBytes);

  BinaryRowEncoderTest() throws IOException {
    expected.write(hex(HEADER));
  }

  private void assertStreamAsExpected() throws Exception {
    encoder.finish();
    expected.writeShort(-1);
    assertThat(sink.bytes()).isEqualTo(expectedBytes.toByteArray());
  }

  @Test
  void anEmptyStreamIsHeaderAndTrailer() throws SQLException {
    encoder.finish();

    assertThat(sink.bytes()).isEqualTo(hex(HEADER + TRAILER));
    assertThat(sink.chunkLengths()).containsExactly(21);
  }

  @Test
  void oneRowSpelledOutInHex() throws SQLException {
    encoder.beginRow(4);
    encoder.int4(-2);
    encoder.int8(1);
    encoder.nullValue();
    encoder.int8Array(new long[] {1, -1}, 2);
    encoder.endRow();
    encoder.finish();

    assertThat(sink.bytes())
        .isEqualTo(
            hex(
                HEADER
                    + "0004"
                    + "00000004 FFFFFFFE"
                    + "00000008 0000000000000001"
                    + "FFFFFFFF"
                    + "0000002C 00000001 00000000 00000014 00000002 00000001"
                    + "  00000008 0000000000000001  00000008 FFFFFFFFFFFFFFFF"
                    + TRAILER));
  }

  @Test
  void integersAtTheirExtremes() throws Exception {
    encoder.beginRow(6);
    encoder.int4(0);
    encoder.int4(Integer.MIN_VALUE);
    encoder.int4(Integer.MAX_VALUE);
    encoder.int8(-1);
    encoder.int8(Long.MIN_VALUE);
    encoder.int8(Long.MAX_VALUE);
    encoder.endRow();

    expected.writeShort(6);
    for (int value : new int[] {0, Integer.MIN_VALUE, Integer.MAX_VALUE}) {
      expected.writeInt(4);
      expected.writeInt(value);
    }
    for (long value : new long[] {-1, Long.MIN_VALUE, Long.MAX_VALUE}) {
      expected.writeInt(8);
      expected.writeLong(value);
    }
    assertStreamAsExpected();
  }

  @Test
  void int8ArraysIncludingEmpty() throws Exception {
    encoder.beginRow(3);
    encoder.int8Array(new long[] {Long.MIN_VALUE, 0, Long.MAX_VALUE, 99}, 3);
    encoder.int8Array(new long[0], 0);
    encoder.int8Array(new long[] {7}, 0);
    encoder.endRow();

    expected.writeShort(3);
    expected.writeInt(20 + 12 * 3);
    expected.writeInt(1); // ndim
    expected.writeInt(0); // has_null
    expected.writeInt(20); // int8
    expected.writeInt(3); // dimension size
    expected.writeInt(1); // lower bound
    for (long value : new long[] {Long.MIN_VALUE, 0, Long.MAX_VALUE}) {
      expected.writeInt(8);
      expected.writeLong(value);
    }
    for (int i = 0; i < 2; i++) {
      expected.write(hex("0000000C 00000000 00000000 00000014"));
    }
    assertStreamAsExpected();
  }

  @Test
  void jsonbIsVersionOneThenUtf8() throws Exception {
    encoder.beginRow(2);
    encoder.jsonb("{\"\u00E9\": \"\uD83D\uDE00\\t\"}");
    encoder.jsonb(new StringBuilder("[]"));
    encoder.endRow();

    expected.writeShort(2);
    byte[] utf8 = hex("7B 22 C3 A9 22 3A 20 22 F0 9F 98 80 5C 74 22 7D");
    expected.writeInt(1 + utf8.length);
    expected.writeByte(1);
    expected.write(utf8);
    expected.write(hex("00000003 01 5B 5D"));
    assertStreamAsExpected();
  }

  @Test
  void textIsUtf8WithoutAnyEscaping() throws Exception {
    encoder.beginRow(3);
    encoder.text("tab\t\\N\n\u20AC\uD800\uDC00");
    encoder.text("");
    encoder.nullValue();
    encoder.endRow();

    expected.writeShort(3);
    byte[] utf8 = hex("74 61 62 09 5C 4E 0A E2 82 AC F0 90 80 80");
    expected.writeInt(utf8.length);
    expected.write(utf8);
    expected.writeInt(0);
    expected.writeInt(-1);
    assertStreamAsExpected();
  }

  @Test
  void unpairedSurrogatesBecomeQuestionMarks() throws Exception {
    encoder.beginRow(1);
    encoder.text("\uDC00x\uD800");
    encoder.endRow();

    expected.writeShort(1);
    expected.writeInt(3);
    expected.write("?x?".getBytes(StandardCharsets.US_ASCII));
    assertStreamAsExpected();
  }

  @Test
  void manyRowsInOneStream() throws Exception {
    for (int i = 0; i < 3; i++) {
      encoder.beginRow(2);
      encoder.int4(i);
      encoder.text("r" + i);
      encoder.endRow();

      expected.writeShort(2);
      expected.writeInt(4);
      expected.writeInt(i);
      expected.writeInt(2);
      expected.writeBytes("r" + i);
    }
    assertStreamAsExpected();
    assertThat(sink.chunkLengths()).hasSize(1);
  }
}
