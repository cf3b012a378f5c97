package org.pgloadbench.render;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A Markdown table, the one way every report writes one: a header, each column aligned left (text)
 * or right (figures), then rows. Cells are Markdown already: a figure, or a run's string passed
 * through {@link Markdown#text}. A column shown only sometimes is null in the header and in every
 * row where it is not shown: it is left out of both, with its alignment.
 */
public final class Table {
  /** The columns as declared, a hidden one null: every row must have its nulls at those places. */
  private final List<String> declared;

  private final List<String> header;
  private final String align;
  private final List<List<String>> rows = new ArrayList<>();

  private Table(List<String> header, String align) {
    if (align.length() != header.size() || !align.matches("[lr]*")) {
      throw new IllegalArgumentException("align each of " + header.size() + " columns: l or r");
    }
    StringBuilder shown = new StringBuilder();
    for (int i = 0; i < header.size(); i++) {
      if (header.get(i) != null) {
        shown.append(align.charAt(i));
      }
    }
    this.declared = new ArrayList<>(header);
    this.header = present(header);
    this.align = shown.toString();
  }

  private static List<String> present(List<String> cells) {
    return cells.stream().filter(Objects::nonNull).toList();
  }

  /** A table with these columns, the first {@code textColumns} of them text, the rest figures. */
  public static Table of(int textColumns, List<String> header) {
    return new Table(header, "l".repeat(textColumns) + "r".repeat(header.size() - textColumns));
  }

  /** A table whose columns align as {@code align} says, one letter each: l(eft) or r(ight). */
  public static Table aligned(String align, String... header) {
    return new Table(Arrays.asList(header), align);
  }

  public static Table of(int textColumns, String... header) {
    return of(textColumns, Arrays.asList(header));
  }

  /**
   * Adds a row: a cell for each shown column, or for each declared one with null exactly where the
   * header is (a cell that would land under another heading is refused, not shifted).
   */
  public Table row(List<String> cells) {
    boolean declaredForm = cells.size() == declared.size();
    boolean fits = declaredForm || cells.size() == header.size();
    for (int i = 0; fits && i < cells.size(); i++) {
      fits = (cells.get(i) == null) == (declaredForm && declared.get(i) == null);
    }
    if (!fits) {
      throw new IllegalArgumentException(
          "a row " + cells + " fits neither the columns " + header + " nor " + declared);
    }
    rows.add(present(cells));
    return this;
  }

  public Table row(String... cells) {
    return row(Arrays.asList(cells));
  }

  public boolean isEmpty() {
    return rows.isEmpty();
  }

  /** The table, header and rule first, each line ending in a line break. */
  @Override
  public String toString() {
    StringBuilder out = new StringBuilder();
    line(out, header);
    line(out, align.chars().mapToObj(a -> a == 'l' ? "---" : "---:").toList());
    rows.forEach(row -> line(out, row));
    return out.toString();
  }

  private static void line(StringBuilder out, List<String> cells) {
    out.append("| ").append(String.join(" | ", cells)).append(" |\n");
  }
}
