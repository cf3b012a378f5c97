package org.pgloadbench.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/** Reads back a report table: the value at (cell, row label, column), cell labels carried down. */
final class MarkdownTable {
  /** A GFM table's delimiter row, e.g. {@code | --- | ---: |}. */
  private static final Pattern DELIMITER = Pattern.compile("\\|( *:?-+:? *\\|)+");

  /** A cell boundary: a '|' no backslash escapes (GFM splits rows there, in code spans too). */
  private static final Pattern BOUNDARY = Pattern.compile("(?<!\\\\)\\|");

  private final Map<String, String> values = new HashMap<>();

  /**
   * What breaks the tables of a Markdown document: a row with more or fewer cells than its header,
   * or a line that continues a table without being a row (a line break inside a cell); empty when
   * every table is whole.
   */
  static List<String> broken(String markdown) {
    List<String> lines = markdown.lines().toList();
    List<String> broken = new ArrayList<>();
    for (int i = 0; i + 1 < lines.size(); i++) {
      if (!lines.get(i).startsWith("|") || !DELIMITER.matcher(lines.get(i + 1)).matches()) {
        continue;
      }
      long columns = boundaries(lines.get(i));
      int row = i + 1;
      for (; row < lines.size() && !lines.get(row).isBlank(); row++) {
        String line = lines.get(row);
        if (!line.startsWith("|") || !line.endsWith("|") || boundaries(line) != columns) {
          broken.add("table at line " + (i + 1) + ", line " + (row + 1) + ": " + line);
        }
      }
      i = row;
    }
    return broken;
  }

  private static long boundaries(String line) {
    return BOUNDARY.matcher(line).results().count();
  }

  /** The {@code index}-th table (from 0) after the heading {@code heading}. */
  static MarkdownTable after(String markdown, String heading, int index) {
    List<String> lines = markdown.lines().toList();
    int at = lines.indexOf(heading);
    if (at < 0) {
      throw new AssertionError("no heading " + heading);
    }
    int seen = -1;
    for (int i = at + 1; i < lines.size() && !lines.get(i).startsWith("## "); i++) {
      boolean starts = lines.get(i).startsWith("| ") && !lines.get(i - 1).startsWith("|");
      if (starts && ++seen == index) {
        return new MarkdownTable(lines.subList(i, lines.size()));
      }
    }
    throw new AssertionError("no table " + index + " after " + heading);
  }

  private MarkdownTable(List<String> lines) {
    List<String> header = cells(lines.get(0));
    String cell = "";
    for (String line : lines.subList(2, lines.size())) {
      if (!line.startsWith("|")) {
        break;
      }
      List<String> row = cells(line);
      cell = row.get(0).isEmpty() ? cell : row.get(0);
      for (int c = 2; c < row.size(); c++) {
        values.put(cell + "/" + row.get(1) + "/" + header.get(c), row.get(c));
      }
    }
  }

  String get(String cell, String row, String column) {
    String key = cell + "/" + row + "/" + column;
    if (!values.containsKey(key)) {
      throw new AssertionError("no value at " + key + " in " + values.keySet());
    }
    return values.get(key);
  }

  private static List<String> cells(String line) {
    String inner = line.substring(1, line.length() - 1);
    return Arrays.stream(inner.split(" \\| ", -1)).map(String::strip).toList();
  }
}
