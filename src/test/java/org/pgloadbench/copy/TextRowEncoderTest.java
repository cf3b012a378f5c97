package org.pgloadbench.copy;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.pgloadbench.copy.TestBytes.concat;
import static org.pgloadbench.copy.TestBytes.hex;
import static org.pgloadbench.copy.TestBytes.latin1;

import java.sql.SQLException;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class TextRowEncoderTest {
  private final RecordingSink sink = new RecordingSink();
  private final RowEncoder encoder = CopyFormat.TEXT.encoder(sink);

  private byte[] finish() throws SQLException {
    encoder.finish();
    return sink.bytes();
  }

  @Test
  void int4InDecimal() throws SQLException {
    encoder.beginRow(5);
    encoder.int4(0);
    encoder.int4(42);
    encoder.int4(-7);
    encoder.int4(Integer.MAX_VALUE);
    encoder.int4(Integer.MIN_VALUE);
    encoder.endRow();

    assertThat(finish()).isEqualTo(latin1("0\t42\t-7\t2147483647\t-2147483648\n"));
  }

  @Test
  void int8InDecimalAtEveryDigitCountEdge() throws SQLException {
    long[] values = {
      0,
      9,
      10,
      -1,
      -9,
      -10,
      999_999_999_999_999_999L,
      1_000_000_000_000_000_000L,
      -1_000_000_000_000_000_000L,
      Long.MAX_VALUE,
      Long.MIN_VALUE
    };
    encoder.beginRow(values.length);
    for (long value : values) {
      encoder.int8(value);
    }
    encoder.endRow();

    assertThat(finish())
        .isEqualTo(
            latin1(
                "0\t9\t10\t-1\t-9\t-10\t999999999999999999\t1000000000000000000"
                    + "\t-1000000000000000000\t9223372036854775807\t-9223372036854775808\n"));
  }

  @Test
  void int8ArrayAsArrayLiteralOfTheFirstCountValues() throws SQLException {
    encoder.beginRow(3);
    encoder.int8Array(new long[] {1, -2, Long.MAX_VALUE, Long.MIN_VALUE, 77, 88}, 4);
    encoder.int8Array(new long[] {0}, 1);
    encoder.int8Array(new long[] {5, 6}, 0);
    encoder.endRow();

    assertThat(finish())
        .isEqualTo(latin1("{1,-2,9223372036854775807,-9223372036854775808}\t{0}\t{}\n"));
  }

  /** Runs of consecutive elements across every digit count, sign and overflow edge. */
  @Test
  void int8ArrayRunsOfConsecutiveValuesAcrossDigitCountEdges() throws SQLException {
    long[] starts = {
      -3,
      -1,
      8,
      98,
      998,
      1_099,
      9_999_998,
      99_999_998,
      2_147_483_646L,
      999_999_999_999_999_998L,
      Long.MAX_VALUE - 2
    };
    StringBuilder expected = new StringBuilder();
    encoder.beginRow(starts.length + 1);
    for (long start : starts) {
      long[] run = new long[4];
      for (int i = 0; i < run.length; i++) {
        run[i] = start + i - (i == 3 && start > 0 ? 2 : 0); // a step back ends the run
      }
      encoder.int8Array(run, run.length);
      expected.append(Arrays.toString(run).replace(" ", "").replace('[', '{'));
      expected.setCharAt(expected.length() - 1, '}');
      expected.append('\t');
    }
    encoder.int8Array(new long[] {Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE + 1}, 3);
    expected.append("{9223372036854775807,-9223372036854775808,-9223372036854775807}\n");
    encoder.endRow();

    assertThat(finish()).isEqualTo(latin1(expected.toString()));
  }

  /** Random runs and jumps at every magnitude, as Long.toString writes them. */
  @Test
  void int8ArrayOfRandomRunsMatchesLongToString() throws SQLException {
    SplittableRandom random = new SplittableRandom(4);
    StringBuilder expected = new StringBuilder();
    int rows = 2000;
    for (int row = 0; row < rows; row++) {
      long[] values = new long[random.nextInt(30)];
      long value = random.nextLong() >> random.nextInt(64);
      for (int i = 0; i < values.length; i++) {
        values[i] = value;
        value = random.nextInt(10) == 0 ? random.nextLong() >> random.nextInt(64) : value + 1;
      }
      encoder.beginRow(1);
      encoder.int8Array(values, values.length);
      encoder.endRow();
      expected.append(Arrays.toString(values).replace(" ", "").replace('[', '{').replace(']', '}'));
      expected.append('\n');
    }

    assertThat(new String(finish(), ISO_8859_1)).isEqualTo(expected.toString());
  }

  @Test
  void int8ArrayRejectsACountBeyondTheValues() {
    encoder.beginRow(1);
    assertThatThrownBy(() -> encoder.int8Array(new long[2], 3))
        .isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> encoder.int8Array(new long[2], -1))
        .isInstanceOf(IndexOutOfBoundsException.class);
  }

  @Test
  void nullIsBackslashN() throws SQLException {
    encoder.beginRow(3);
    encoder.nullValue();
    encoder.int4(1);
    encoder.nullValue();
    encoder.endRow();
    encoder.beginRow(1);
    encoder.nullValue();
    encoder.endRow();

    assertThat(finish()).isEqualTo(latin1("\\N\t1\t\\N\n\\N\n"));
  }

  @Test
  void textEscapesWhatCopyTextRequiresAndPassesOtherControlCharsThrough() throws SQLException {
    encoder.beginRow(4);
    encoder.text("back\\slash tab\t lf\n cr\r bs\b ff\f vt\u000B soh\u0001 del\u007F");
    encoder.text("\\.");
    encoder.text("\\N");
    encoder.text("");
    encoder.endRow();

    assertThat(finish())
        .isEqualTo(
            latin1(
                "back\\\\slash tab\\t lf\\n cr\\r bs\\b ff\\f vt\\v soh\u0001 del\u007F"
                    + "\t\\\\.\t\\\\N\t\n"));
  }

  @Test
  void textIsUtf8AtEverySequenceLength() throws SQLException {
    encoder.beginRow(2);
    encoder.text("a\u0080\u07FF\u0800\u20AC\uFFFF");
    encoder.text("\uD83D\uDE00\uDBFF\uDFFF\uD800\uDC00"); // U+1F600, U+10FFFF, U+10000
    encoder.endRow();

    assertThat(finish())
        .isEqualTo(
            hex(
                "61 C2 80 DF BF E0 A0 80 E2 82 AC EF BF BF 09"
                    + "F0 9F 98 80 F4 8F BF BF F0 90 80 80 0A"));
  }

  @Test
  void unpairedSurrogatesBecomeQuestionMarks() throws SQLException {
    encoder.beginRow(1);
    encoder.text("a\uD800b\uDC00c\uDE00\uD83Dd\uD83D");
    encoder.endRow();

    assertThat(finish()).isEqualTo(latin1("a?b?c??d?\n"));
  }

  @Test
  void jsonbIsItsTextEscapedLikeText() throws SQLException {
    // The JSON escape \t is a backslash and a t: COPY doubles the backslash. A raw TAB between
    // tokens is escaped as \t.
    encoder.beginRow(1);
    encoder.jsonb(new StringBuilder("{\t\"k\": \"x\\ty\", \"\u00E9\": \"\uD83D\uDE00\"}"));
    encoder.endRow();

    assertThat(finish())
        .isEqualTo(
            concat(
                latin1("{\\t\"k\": \"x\\\\ty\", \""),
                hex("C3 A9"),
                latin1("\": \""),
                hex("F0 9F 98 80"),
                latin1("\"}\n")));
  }

  @Test
  void emptyFieldsAndEmptyRows() throws SQLException {
    encoder.beginRow(2);
    encoder.text("");
    encoder.int4(1);
    encoder.endRow();
    encoder.beginRow(1);
    encoder.text("");
    encoder.endRow();
    encoder.beginRow(0);
    encoder.endRow();

    assertThat(finish()).isEqualTo(latin1("\t1\n\n\n"));
  }

  @Test
  void anEmptyStreamSendsNothing() throws SQLException {
    encoder.finish();

    assertThat(sink.chunkLengths()).isEmpty();
  }

  @Test
  void smallRowsWaitForFinish() throws SQLException {
    encoder.beginRow(1);
    encoder.int4(1);
    encoder.endRow();
    assertThat(sink.chunkLengths()).isEmpty();

    encoder.finish();
    assertThat(sink.chunkLengths()).containsExactly(2);
  }

  @Test
  void copyFormatNamesAndEncoders() {
    assertThat(CopyFormat.TEXT.sqlName()).isEqualTo("text");
    assertThat(CopyFormat.BINARY.sqlName()).isEqualTo("binary");
    assertThat(CopyFormat.TEXT.encoder(sink)).isInstanceOf(TextRowEncoder.class);
    assertThat(CopyFormat.BINARY.encoder(sink)).isInstanceOf(BinaryRowEncoder.class);
  }
}
