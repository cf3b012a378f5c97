package org.pgloadbench.copy;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** UTF-8 built in a reused array, and the encoders taking it exactly as they take a String. */
class Utf8TextTest {
  private static final String MIXED = "tab\there \\ nl\n é Straße 東京 \uD83D\uDE00 \"q\" end";

  @Test
  void appendsWhatStringGetBytesWritesAndReadsBackAsTheSameChars() {
    Utf8Text text = new Utf8Text(1);
    text.append("id ").append(-1234567890123L).appendAscii(' ').append(new StringBuilder(MIXED));

    String expected = "id -1234567890123 " + MIXED;
    assertThat(Arrays.copyOf(text.bytes(), text.byteLength())).isEqualTo(expected.getBytes(UTF_8));
    assertThat(text.toString()).isEqualTo(expected);
    assertThat(text.length()).isEqualTo(expected.length());
    assertThat(text.charAt(3)).isEqualTo('-');

    text.clear().append("again");
    assertThat(text.toString()).isEqualTo("again");
  }

  @Test
  void replacementsApplyToCharsAndToAppendedUtf8Text() {
    byte[][] escapes = new byte[128][];
    escapes['"'] = new byte[] {'\\', '"'};
    escapes['\n'] = new byte[] {'\\', 'u', '0', '0', '0', 'a'};
    Utf8Text source = new Utf8Text(4).append("a\"é\n");

    Utf8Text fromChars = new Utf8Text(4).append("a\"é\n", escapes);
    Utf8Text fromUtf8 = new Utf8Text(4).append(source, escapes);
    Utf8Text copied = new Utf8Text(4).append(source);

    assertThat(fromChars.toString()).isEqualTo("a\\\"é\\u000a");
    assertThat(fromUtf8.toString()).isEqualTo(fromChars.toString());
    assertThat(copied.toString()).isEqualTo("a\"é\n");
  }

  @Test
  void bothCopyFormatsEncodeItByteForByteAsTheEquivalentString() throws SQLException {
    for (CopyFormat format : CopyFormat.values()) {
      RecordingSink asString = new RecordingSink();
      RecordingSink asUtf8 = new RecordingSink();
      write(format.encoder(asString), MIXED);
      write(format.encoder(asUtf8), new Utf8Text(8).append(MIXED));

      assertThat(asUtf8.bytes()).as(format.name()).isEqualTo(asString.bytes());
    }
  }

  /** Escapes at every offset of the 8-byte words the text encoder scans, among multi-byte chars. */
  @Test
  void escapesAnywhereInALongValueAreFound() throws SQLException {
    SplittableRandom random = new SplittableRandom(3);
    String alphabet = "abc \t\n\r\\\"\u0001\u007f\u00e9\u6771";
    for (int round = 0; round < 300; round++) {
      StringBuilder value = new StringBuilder();
      for (int i = random.nextInt(40); i > 0; i--) {
        value.append(alphabet.charAt(random.nextInt(random.nextBoolean() ? 3 : alphabet.length())));
      }
      RecordingSink asString = new RecordingSink();
      RecordingSink asUtf8 = new RecordingSink();
      write(CopyFormat.TEXT.encoder(asString), value.toString());
      write(CopyFormat.TEXT.encoder(asUtf8), new Utf8Text(8).append(value));

      assertThat(asUtf8.bytes()).as(value.toString()).isEqualTo(asString.bytes());
    }
  }

  /**
   * Texts of every length around the 16 bytes copied as two words, appended one after another: the
   * bytes a short copy writes past its end must be overwritten by the next, or lie past the text's.
   */
  @Test
  void shortAndLongTextsAppendedInTurnGiveTheirConcatenation() {
    Utf8Text built = new Utf8Text(1);
    StringBuilder expected = new StringBuilder();
    for (int length = 0; length <= 20; length++) {
      String piece = "é0123456789abcdefghij".substring(0, length);
      built.append(Utf8Text.of(piece)).appendAscii('|');
      expected.append(piece).append('|');
      assertThat(built.toString()).isEqualTo(expected.toString());
    }
  }

  private static void write(RowEncoder encoder, CharSequence value) throws SQLException {
    encoder.beginRow(3);
    encoder.text(value);
    encoder.jsonb(value);
    encoder.textArray(new CharSequence[] {value, value}, 2);
    encoder.endRow();
    encoder.finish();
  }

  /**
   * A JSON value has quotes, which a text COPY field does not escape: there it is plain, copied in
   * bulk; as an array element or inside JSON it is not. A backslash or a control char is never.
   */
  @Test
  void quotesArePlainWhereTheTableDoesNotEscapeThemAndNowhereElse() {
    Utf8Text json = Utf8Text.of("{\"highway\": \"residential\"}");
    assertThat(json.isPlain(false)).isTrue();
    assertThat(json.isPlain(true)).isFalse();
    assertThat(Utf8Text.of("a\\b \"q\"").isPlain(false)).isFalse();
    assertThat(Utf8Text.of("tab\there").isPlain(false)).isFalse();
    assertThat(Utf8Text.of("Straße").isPlain(true)).isTrue();
    // found again after a change
    Utf8Text changing = new Utf8Text(8).append("plain");
    assertThat(changing.isPlain(true)).isTrue();
    assertThat(changing.append("\\").isPlain(false)).isFalse();
  }
}
