package org.pgloadbench.report;

import java.util.ArrayList;
import java.util.List;

/** The few pieces of Markdown every report section writes. */
final class Markdown {
  private Markdown() {}

  /** A table header; the first {@code textColumns} columns align left, the rest right. */
  static void header(StringBuilder out, List<String> columns, int textColumns) {
    row(out, columns);
    List<String> rule = new ArrayList<>();
    for (int i = 0; i < columns.size(); i++) {
      rule.add(i < textColumns ? "---" : "---:");
    }
    row(out, rule);
  }

  static void row(StringBuilder out, List<String> cells) {
    List<String> escaped = cells.stream().map(c -> c.replace("|", "\\|")).toList();
    out.append("| ").append(String.join(" | ", escaped)).append(" |\n");
  }

  static String bold(String text) {
    return text.isEmpty() || text.equals("–") ? text : "**" + text + "**";
  }
}
