package org.pgloadbench.dataset;

/**
 * Writes JSON text into one reused StringBuilder, so a row's jsonb value costs no allocation once
 * the buffer has grown to the largest row. Commas are placed automatically: a value or a name that
 * follows a complete value gets one. The caller keeps the nesting balanced.
 */
final class JsonBuilder {
  private static final char[] HEX = "0123456789abcdef".toCharArray();

  private final StringBuilder text = new StringBuilder(256);
  private boolean afterValue;

  /** Empties the buffer for the next value, keeping its capacity. */
  JsonBuilder clear() {
    text.setLength(0);
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
    text.append(':');
    afterValue = false;
    return this;
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

  JsonBuilder field(CharSequence name, long value) {
    return name(name).value(value);
  }

  private JsonBuilder open(char bracket) {
    separate();
    text.append(bracket);
    afterValue = false;
    return this;
  }

  private JsonBuilder close(char bracket) {
    text.append(bracket);
    afterValue = true;
    return this;
  }

  private void separate() {
    if (afterValue) {
      text.append(',');
    }
  }

  private void quoted(CharSequence s) {
    text.append('"');
    escaped(s);
    text.append('"');
  }

  /** Escapes what JSON requires: quote, backslash and the control characters below U+0020. */
  private void escaped(CharSequence s) {
    for (int i = 0, n = s.length(); i < n; i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"', '\\' -> text.append('\\').append(c);
        case '\n' -> text.append("\\n");
        case '\r' -> text.append("\\r");
        case '\t' -> text.append("\\t");
        case '\b' -> text.append("\\b");
        case '\f' -> text.append("\\f");
        default -> {
          if (c < 0x20) {
            text.append("\\u00").append(HEX[c >> 4]).append(HEX[c & 0xF]);
          } else {
            text.append(c);
          }
        }
      }
    }
  }
}
