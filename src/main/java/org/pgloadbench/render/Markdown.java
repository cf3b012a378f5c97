package org.pgloadbench.render;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The few pieces of Markdown every report writes, and the one way a run's strings get into them.
 *
 * <p>A scenario's description and claims, cell, file and directory names, a server's version,
 * settings and errors come from people and servers the reader need not trust, and reports are read
 * where nothing sanitises them ({@code report.html}, editors, other Markdown viewers). So each such
 * string goes in through {@link #text}, {@link #code} or {@link #mermaid}: it then reads as the
 * same text, but opens no HTML tag, link, image, code span, block or table cell, and stays on one
 * line. Ordinary text (names, versions, sentences) comes out unchanged.
 */
public final class Markdown {
  /** Line breaks and other control characters: a line break would end a table row or a block. */
  private static final Pattern CONTROL = Pattern.compile("[\\p{Cc}\\u2028\\u2029]");

  /** An ordered list marker at the start of a line, e.g. {@code 1. } or {@code 2)}. */
  private static final Pattern ORDERED = Pattern.compile("^(\\d{1,9})([.)])(?=\\s|$)");

  /** What starts a heading, quote, list, thematic break, setext underline or fence at a line. */
  private static final String BLOCK_START = "#>+-*=_~";

  /** What Mermaid reads inside a quoted label: its end, entity codes, HTML, statement ends. */
  private static final String MERMAID_SPECIAL = "\"`#<>;&\\[]{}";

  private Markdown() {}

  /**
   * Text that reads as itself in a paragraph, heading, list item or table cell: backslash,
   * backtick, brackets and '|' escaped, '<' and '&' that could open a tag, autolink or entity
   * written as entities, a block marker at the start escaped, line breaks and control characters
   * made spaces.
   */
  public static String text(String raw) {
    String line = oneLine(raw).stripLeading();
    StringBuilder out = new StringBuilder(line.length() + 8);
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      char next = i + 1 < line.length() ? line.charAt(i + 1) : '\0';
      switch (c) {
        case '\\', '`', '[', ']', '|' -> out.append('\\').append(c);
          // "a < b" stays; "<img", "</x", "<!--", "<?" and "<http:..>" would be HTML or a link
        case '<' -> out.append(asciiLetter(next) || "/!?\0".indexOf(next) >= 0 ? "&lt;" : "<");
          // "A & B" stays; "&lt;" or "&#60;" would be read as an entity
        case '&' -> out.append(asciiLetter(next) || "#\0".indexOf(next) >= 0 ? "&amp;" : "&");
        default -> out.append(c);
      }
    }
    if (!out.isEmpty() && BLOCK_START.indexOf(out.charAt(0)) >= 0) {
      return "\\" + out;
    }
    Matcher ordered = ORDERED.matcher(out);
    return ordered.find() ? ordered.replaceFirst("$1\\\\$2") : out.toString();
  }

  /**
   * A code span showing {@code raw} on one line, fenced by more backticks than any run inside it.
   * Not for a table cell, where a '|' inside would still end the cell: use {@link #text} there.
   */
  public static String code(String raw) {
    String content = oneLine(raw);
    int longest = 0;
    int run = 0;
    for (int i = 0; i < content.length(); i++) {
      run = content.charAt(i) == '`' ? run + 1 : 0;
      longest = Math.max(longest, run);
    }
    String fence = "`".repeat(longest + 1);
    // A backtick next to the fence would lengthen it, and a space at both ends is dropped when
    // rendered: one space more at each end, which rendering drops, keeps the content as it is.
    boolean pad =
        content.startsWith("`")
            || content.endsWith("`")
            || (content.startsWith(" ") && content.endsWith(" ") && !content.isBlank());
    if (content.isEmpty()) {
      return "` `"; // "``" would be no code span, but a fence a later one could close
    }
    return pad ? fence + " " + content + " " + fence : fence + content + fence;
  }

  /**
   * The inside of a quoted label in a Mermaid block: without the characters that end the label or
   * the code block, or that Mermaid reads as entities, HTML or statement ends.
   */
  public static String mermaid(String raw) {
    String line = oneLine(raw);
    StringBuilder out = new StringBuilder(line.length());
    line.chars().filter(c -> MERMAID_SPECIAL.indexOf(c) < 0).forEach(c -> out.append((char) c));
    return out.toString();
  }

  /** The text with each line break or other control character made a space; "" for null. */
  public static String oneLine(String raw) {
    return raw == null ? "" : CONTROL.matcher(raw).replaceAll(" ");
  }

  private static boolean asciiLetter(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  }

  public static String bold(String text) {
    return text.isEmpty() || text.equals("–") ? text : "**" + text + "**";
  }
}
