package org.pgloadbench.render;

import java.util.ArrayList;
import java.util.List;

/**
 * A Markdown table, the one way every report writes one: a header, each column aligned left (text)
 * or right (figures), then rows. Cells are Markdown already: a figure, or a run's string passed
 * through {@link Markdown#text}.
 */
public final class Table {
  private final List<String> header;
  private final String align;
  private final List<List<String>> rows = new ArrayList<>();

  private Table(List<String> header, String align) {
    if (align.length() != header.size() || !align.matches("[lr]*")) {
      throw new IllegalArgumentException("align each of " + header.size() + " columns: l or r");
    }
    this.header = List.copyOf(header);
    this.align = align;
  }

  /** A table with these columns, the first {@code textColumns} of them text, the rest figures. */
  public static Table of(int textColumns, List<String> header) {
    return new Table(header, "l".repeat(textColumns) + "r".repeat(header.size() - textColumns));
  }

  /** A table whose columns align as {@code align} says, one letter each: l(eft) or r(ight). */
  public static Table aligned(String align, String... header) {
    return new Table(List.of(header), align);
  }

  /** As {@link #of(int, List)}. */
  public static Table of(int textColumns, String... header) {
    return of(textColumns, List.of(header));
  }

  /** Adds a row; it has as many cells as the header. */
  public Table row(List<String> cells) {
    if (cells.size() != header.size()) {
      throw new IllegalArgumentException(
          "a row of " + cells.size() + " cells in a table of " + header.size() + " columns");
    }
    rows.add(List.copyOf(cells));
    return this;
  }

  /** As {@link #row(List)}. */
  public Table row(String... cells) {
    return row(List.of(cells));
  }

  public boolean isEmpty() {
    return rows.isEmpty();
  }

  /** The table, header and rule first, each line ending in a line break. */
  @Override
  public String toString() {
    StringBuilder out = new StringBuilder();
    line(out, header);
    List<String> rule = new ArrayList<>();
    for (int i = 0; i < header.size(); i++) {
      rule.add(align.charAt(i) == 'l' ? "---" : "---:");
    }
    line(out, rule);
    rows.forEach(row -> line(out, row));
    return out.toString();
  }

  private static void line(StringBuilder out, List<String> cells) {
    out.append("| ").append(String.join(" | ", cells)).append(" |\n");
  }
}
