package org.pgloadbench.copy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.pgloadbench.copy.TestBytes.hex;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * PostGIS's extended WKB, spelled out by hand: {@code SRID=4326;POINT(1 2)} is what {@code SELECT
 * 'SRID=4326;POINT(1 2)'::geometry} prints, and the linestring follows the same layout with its
 * point count. Text COPY writes the hex, binary COPY the bytes after the field's length.
 */
class EwkbTest {
  /** Little-endian, type 1 with the SRID flag, SRID 4326, x 1.0, y 2.0. */
  static final String POINT = "01 01000020 E6100000 000000000000F03F 0000000000000040";

  /** Type 2, SRID 3857, 2 points: (0 0), (-1 0.5). */
  static final String LINE =
      "01 02000020 110F0000 02000000"
          + " 0000000000000000 0000000000000000"
          + " 000000000000F0BF 000000000000E03F";

  @Test
  void textWritesTheHexPostgisPrints() throws Exception {
    RecordingSink sink = new RecordingSink();
    RowEncoder text = CopyFormat.TEXT.encoder(sink);
    text.beginRow(2);
    text.ewkbPoint(4326, 1, 2);
    text.ewkbLineString(3857, new double[] {0, 0, -1, 0.5, 9, 9}, 2);
    text.endRow();
    text.finish();

    String expected = POINT.replace(" ", "") + "\t" + LINE.replace(" ", "") + "\n";
    assertThat(new String(sink.bytes(), StandardCharsets.US_ASCII)).isEqualTo(expected);
    assertThat(expected).startsWith("0101000020E6100000000000000000F03F0000000000000040\t");
  }

  @Test
  void binaryWritesTheBytesAfterTheirLength() throws Exception {
    RecordingSink sink = new RecordingSink();
    RowEncoder binary = CopyFormat.BINARY.encoder(sink);
    binary.beginRow(2);
    binary.ewkbPoint(4326, 1, 2);
    binary.ewkbLineString(3857, new double[] {0, 0, -1, 0.5}, 2);
    binary.endRow();
    binary.finish();

    assertThat(sink.bytes())
        .isEqualTo(
            hex(
                "50 47 43 4F 50 59 0A FF 0D 0A 00 00000000 00000000"
                    + " 0002"
                    + " 00000019 "
                    + POINT
                    + " 0000002D "
                    + LINE
                    + " FFFF"));
  }

  @Test
  void aDriverParameterIsTheSameHex() {
    assertThat(Ewkb.hexPoint(4326, 1, 2)).isEqualTo(POINT.replace(" ", ""));
    assertThat(Ewkb.hexLineString(3857, new double[] {0, 0, -1, 0.5}, 2))
        .isEqualTo(LINE.replace(" ", ""));
  }
}
