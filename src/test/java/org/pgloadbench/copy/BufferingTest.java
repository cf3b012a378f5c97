package org.pgloadbench.copy;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.pgloadbench.copy.TestBytes.hex;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/** Rows larger than the buffer, and streams long enough to be sent in several chunks. */
class BufferingTest {
  private static final int CHUNK = 64 * 1024;
  private static final int ROWS = 20_000;

  private static final long[] BIG_ARRAY =
      LongStream.range(0, 50_000).map(i -> (i - 25_000) * 987_654_321_987L).toArray();

  /**
   * About 200,000 chars of JSON with 2-, 3- and 4-byte UTF-8, JSON escapes and raw TABs. The
   * padding puts a surrogate pair across char 4096, where the encoder starts a new slice.
   */
  private static final String BIG_JSON =
      "[   " + "\"\uD83D\uDE00\u00E9\\n\u20AC\",\t".repeat(20_000) + "0]";

  private final RecordingSink sink = new RecordingSink();

  @Test
  void bigJsonHasASurrogatePairAcrossTheFirstSlice() {
    assertThat(Character.isHighSurrogate(BIG_JSON.charAt(4095))).isTrue();
    assertThat(BIG_JSON.getBytes(UTF_8).length).isGreaterThan(200_000);
  }

  @Test
  void aTextRowLargerThanTheBufferComesOutWhole() throws Exception {
    RowEncoder encoder = CopyFormat.TEXT.encoder(sink);
    writeBigRowThenSmallRow(encoder);

    String array =
        LongStream.of(BIG_ARRAY)
            .mapToObj(Long::toString)
            .collect(Collectors.joining(",", "{", "}"));
    String json = BIG_JSON.replace("\\", "\\\\").replace("\t", "\\t");
    byte[] bigRow = ("7\t" + array + "\t" + json + "\n").getBytes(UTF_8);
    byte[] smallRow = "8\t{}\t\\N\n".getBytes(UTF_8);

    assertThat(sink.bytes()).isEqualTo(TestBytes.concat(bigRow, smallRow));
    assertThat(sink.chunkLengths()).containsExactly(bigRow.length, smallRow.length);
  }

  @Test
  void aBinaryRowLargerThanTheBufferComesOutWhole() throws Exception {
    RowEncoder encoder = CopyFormat.BINARY.encoder(sink);
    writeBigRowThenSmallRow(encoder);

    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream expected = new DataOutputStream(bytes);
    expected.write(hex("50 47 43 4F 50 59 0A FF 0D 0A 00 00000000 00000000"));
    expected.writeShort(3);
    expected.writeInt(4);
    expected.writeInt(7);
    expected.writeInt(20 + 12 * BIG_ARRAY.length);
    expected.write(hex("00000001 00000000 00000014"));
    expected.writeInt(BIG_ARRAY.length);
    expected.writeInt(1);
    for (long value : BIG_ARRAY) {
      expected.writeInt(8);
      expected.writeLong(value);
    }
    byte[] json = BIG_JSON.getBytes(UTF_8);
    expected.writeInt(1 + json.length);
    expected.writeByte(1);
    expected.write(json);
    int firstChunk = bytes.size();
    expected.write(hex("0003 00000004 00000008 0000000C 00000000 00000000 00000014 FFFFFFFF FFFF"));

    assertThat(sink.bytes()).isEqualTo(bytes.toByteArray());
    assertThat(sink.chunkLengths()).containsExactly(firstChunk, bytes.size() - firstChunk);
  }

  private void writeBigRowThenSmallRow(RowEncoder encoder) throws Exception {
    encoder.beginRow(3);
    encoder.int4(7);
    encoder.int8Array(BIG_ARRAY, BIG_ARRAY.length);
    encoder.jsonb(BIG_JSON);
    assertThat(sink.chunkLengths()).as("nothing is sent in the middle of a row").isEmpty();
    encoder.endRow();
    assertThat(sink.chunkLengths()).hasSize(1);

    encoder.beginRow(3);
    encoder.int4(8);
    encoder.int8Array(BIG_ARRAY, 0);
    encoder.nullValue();
    encoder.endRow();
    encoder.finish();
  }

  @Test
  void manyTextRowsAreSentInChunksThatEndOnRowBoundaries() throws Exception {
    RowEncoder encoder = CopyFormat.TEXT.encoder(sink);
    Expected expected = new Expected();
    for (int i = 0; i < ROWS; i++) {
      writeRow(encoder, i);
      expected.out.write(expectedTextRow(i).getBytes(UTF_8));
      expected.endRow();
    }
    encoder.finish();

    expected.assertSentInChunks(sink);
  }

  @Test
  void manyBinaryRowsAreSentInChunksThatEndOnRowBoundaries() throws Exception {
    RowEncoder encoder = CopyFormat.BINARY.encoder(sink);
    Expected expected = new Expected();
    expected.out.write(hex("50 47 43 4F 50 59 0A FF 0D 0A 00 00000000 00000000"));
    for (int i = 0; i < ROWS; i++) {
      writeRow(encoder, i);
      writeExpectedBinaryRow(expected.out, i);
      expected.endRow();
    }
    encoder.finish();
    expected.out.writeShort(-1);

    expected.assertSentInChunks(sink);
  }

  /**
   * Row {@code i}: an int8, a text needing escapes, an int8[] of 0 to 4 elements, jsonb or NULL.
   */
  private static void writeRow(RowEncoder encoder, int i) throws Exception {
    long[] array = {0, -i, -2L * i, -3L * i, -4L * i};
    encoder.beginRow(4);
    encoder.int8(i * 1_000_003L);
    encoder.text("name-" + i + "-\u00E9\uD83D\uDE00\\\t");
    encoder.int8Array(array, i % 5);
    if (i % 7 == 0) {
      encoder.nullValue();
    } else {
      encoder.jsonb("{\"i\": " + i + "}");
    }
    encoder.endRow();
  }

  private static String expectedTextRow(int i) {
    String array =
        LongStream.range(0, i % 5)
            .mapToObj(v -> Long.toString(-v * i))
            .collect(Collectors.joining(",", "{", "}"));
    String name = "name-" + i + "-\u00E9\uD83D\uDE00\\\\\\t"; // the backslash doubled, TAB as \t
    String json = i % 7 == 0 ? "\\N" : "{\"i\": " + i + "}";
    return String.join("\t", Long.toString(i * 1_000_003L), name, array, json) + "\n";
  }

  private static void writeExpectedBinaryRow(DataOutputStream row, int i) throws IOException {
    row.writeShort(4);
    row.writeInt(8);
    row.writeLong(i * 1_000_003L);
    byte[] name = ("name-" + i + "-\u00E9\uD83D\uDE00\\\t").getBytes(UTF_8);
    row.writeInt(name.length);
    row.write(name);
    int count = i % 5;
    if (count == 0) {
      row.write(hex("0000000C 00000000 00000000 00000014"));
    } else {
      row.writeInt(20 + 12 * count);
      row.write(hex("00000001 00000000 00000014"));
      row.writeInt(count);
      row.writeInt(1);
      for (long v = 0; v < count; v++) {
        row.writeInt(8);
        row.writeLong(-v * i);
      }
    }
    if (i % 7 == 0) {
      row.writeInt(-1);
    } else {
      byte[] json = ("{\"i\": " + i + "}").getBytes(UTF_8);
      row.writeInt(1 + json.length);
      row.writeByte(1);
      row.write(json);
    }
  }

  /** The expected stream and where its rows end. */
  private static final class Expected {
    final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    final DataOutputStream out = new DataOutputStream(bytes);
    final List<Integer> rowEnds = new ArrayList<>();

    void endRow() {
      rowEnds.add(bytes.size());
    }

    /**
     * The buffer goes to the sink at the first row end where it holds at least 64 KiB, and the rest
     * at finish: so the chunks are predictable from the row ends alone.
     */
    void assertSentInChunks(RecordingSink sink) {
      List<Integer> chunks = new ArrayList<>();
      int start = 0;
      for (int end : rowEnds) {
        if (end - start >= CHUNK) {
          chunks.add(end - start);
          start = end;
        }
      }
      chunks.add(bytes.size() - start);

      assertThat(sink.bytes()).isEqualTo(bytes.toByteArray());
      assertThat(sink.chunkLengths()).hasSizeGreaterThan(10).isEqualTo(chunks);

      Set<Integer> boundaries = new HashSet<>(rowEnds);
      boundaries.add(bytes.size());
      int sent = 0;
      for (int length : sink.chunkLengths()) {
        sent += length;
        assertThat(boundaries).as("chunk end %d is a row boundary", sent).contains(sent);
      }
    }
  }
}
