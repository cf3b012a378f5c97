package org.pgloadbench.scenario;

/**
 * A scenario that cannot be used, or a bad override. The message is one line a user can act on:
 * {@code file:line: field: what is wrong; what to do} for a scenario file, {@code NAME=value: ...}
 * for an override.
 */
public class ScenarioException extends Exception {
  private static final long serialVersionUID = 1L;

  /** Control characters in the message (from the user's own text) are shown escaped. */
  public ScenarioException(String message) {
    super(oneLine(message));
  }

  /** {@code text} with its control characters written as {@code \n}, {@code \t}, {@code \u0001}. */
  static String oneLine(String text) {
    StringBuilder out = new StringBuilder(text.length());
    text.codePoints()
        .forEach(
            c -> {
              switch (c) {
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                  if (Character.isISOControl(c)) {
                    out.append(String.format("\\u%04x", c));
                  } else {
                    out.appendCodePoint(c);
                  }
                }
              }
            });
    return out.toString();
  }
}
