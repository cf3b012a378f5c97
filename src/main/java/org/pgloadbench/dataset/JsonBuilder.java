package org.pgloadbench.dataset;

import static java.nio.charset.StandardCharsets.US_ASCII;

import org.pgloadbench.copy.Utf8Text;

/**
 * Writes JSON text as UTF-8 into one reused {@link Utf8Text}, so a row's jsonb value costs no
 * allocation once the buffer has grown to the largest row, and the encoders copy it in bulk: the
 * profile of the jsonb rows showed building JSON in a StringBuilder, then encoding it char by char,
 * as their largest cost. Commas are placed automatically: a value or a name that follows a complete
 * value gets one. The caller keeps the nesting balanced.
 */
final class JsonBuilder {
  /** What JSON requires escaped: quote, backslash and the control characters below U+0020. */
  private static final byte[][] ESCAPES = new byte[128][];

  static {
    byte[] hex = "0123456789abcdef".getBytes(US_ASCII);
    for (int c = 0; c < 0x20; c++) {
      ESCAPES[c] = new byte[] {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 0xF]};
    }
    ESCAPES['"'] = new byte[] {'\\', '"'};
    ESCAPES['\\'] = new byte[] {'\\', '\\'};
    ESCAPES['\n'] = new byte[] {'\\', 'n'};
    ESCAPES['\r'] = new byte[] {'\\', 'r'};
    ESCAPES['\t'] = new byte[] {'\\', 't'};
    ESCAPES['\b'] = new byte[] {'\\', 'b'};
    ESCAPES['\f'] = new byte[] {'\\', 'f'};
  }

  /** A member name written on every row, quoted and escaped once, with its colon. */
  static final class Literal {
    private final Utf8Text name;

    Literal(String text) {
      name = new Utf8Text(8).appendAscii('"').append(text, ESCAPES).append("\":");
    }
  }

  private final Utf8Text text = new Utf8Text(256);
  private boolean afterValue;

  /** Empties the buffer for the next value, keeping its capacity. */
  JsonBuilder clear() {
    text.clear();
    afterValue = false;
    return this;
  }

  /** The JSON written since {@link #clear}; valid until the next call on this builder. */
  CharSequence text() {
    return text;
  }

  JsonBuilder beginObject() {
    return open('{');
  }

  JsonBuilder endObject() {
    return close('}');
  }

  JsonBuilder beginArray() {
    return open('[');
  }

  JsonBuilder endArray() {
    return close(']');
  }

  /** An object member's name; its value follows. */
  JsonBuilder name(CharSequence name) {
    separate();
    quoted(name);
    text.appendAscii(':');
    afterValue = false;
    return this;
  }

  JsonBuilder name(Literal name) {
    return append(name.name);
  }

  /**
   * Begins an object with its constant start, up to the value of a member, as another builder
   * wrote it ({@code {"type":"W","ref":}): one copy where opening the object, two names and a
   * value took six appends. A relation's members are such objects, and the appends of their JSON
   * were the largest cost of a relation.
   */
  JsonBuilder beginObject(Utf8Text opening) {
    return append(opening);
  }

  JsonBuilder field(Literal name, CharSequence value) {
    return name(name).value(value);
  }

  JsonBuilder value(CharSequence value) {
    separate();
    quoted(value);
    afterValue = true;
    return this;
  }

  JsonBuilder value(long value) {
    separate();
    text.append(value);
    afterValue = true;
    return this;
  }

  JsonBuilder field(CharSequence name, CharSequence value) {
    return name(name).value(value);
  }

  private JsonBuilder open(char bracket) {
    separate();
    text.appendAscii(bracket);
    afterValue = false;
    return this;
  }

  private JsonBuilder close(char bracket) {
    text.appendAscii(bracket);
    afterValue = true;
    return this;
  }

  /** Appends JSON written once that a value follows: a name, an object's opening. */
  private JsonBuilder append(Utf8Text json) {
    separate();
    text.append(json);
    afterValue = false;
    return this;
  }

  private void separate() {
    if (afterValue) {
      text.appendAscii(',');
    }
  }

  private void quoted(CharSequence s) {
    text.appendAscii('"').append(s, ESCAPES).appendAscii('"');
  }
}
