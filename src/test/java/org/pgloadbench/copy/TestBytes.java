package org.pgloadbench.copy;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

/** Ways to spell expected bytes by hand. */
final class TestBytes {
  private TestBytes() {}

  /** One byte per char: for expectations written as Java literals, every char below U+0100. */
  static byte[] latin1(String chars) {
    for (char c : chars.toCharArray()) {
      if (c > 0xFF) {
        throw new IllegalArgumentException("not one byte: " + c);
      }
    }
    return chars.getBytes(StandardCharsets.ISO_8859_1);
  }

  /** Hex digits, spaces ignored: {@code "C3 A9"}. */
  static byte[] hex(String digits) {
    return HexFormat.of().parseHex(digits.replace(" ", ""));
  }

  static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] part : parts) {
      out.writeBytes(part);
    }
    return out.toByteArray();
  }
}
