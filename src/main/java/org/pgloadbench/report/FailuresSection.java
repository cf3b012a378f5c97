package org.pgloadbench.report;

import java.util.List;
import org.pgloadbench.render.Formats;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.results.StoredRun;

/** The failed steps of a run, with the server's error, in version order. */
final class FailuresSection {
  private static final int MAX_ERROR = 200;

  private FailuresSection() {}

  static void render(StoredRun results, StringBuilder out) {
    List<StepResult> failed = results.failures();
    if (failed.isEmpty()) {
      return;
    }
    out.append("## Failures\n\n");
    for (StepResult f : failed) {
      out.append("- PostgreSQL ").append(Markdown.text(f.server())).append(" · ");
      if (f.repetition() < 1) {
        out.append(Markdown.text(f.step().yamlName()));
        out.append(": ").append(Markdown.code(error(f.error()))).append('\n');
        continue;
      }
      out.append(Markdown.text(f.cell()))
          .append(" · repetition ")
          .append(f.repetition())
          .append(" · ")
          .append(table(f.table()))
          .append(" · ")
          .append(Markdown.text(f.step().yamlName()))
          .append(f.object() == null ? "" : " " + Markdown.text(f.object()))
          .append(": ")
          .append(Markdown.code(error(f.error())))
          .append('\n');
    }
    out.append('\n');
  }

  /** An error on one line (a server's spans several: DETAIL, HINT), cut short. */
  private static String error(String error) {
    String text = error == null ? "(no error message)" : error.strip().replaceAll("\\s+", " ");
    return text.length() <= MAX_ERROR ? text : text.substring(0, MAX_ERROR - 1) + "…";
  }

  /** A table's name as a cell or heading shows it. */
  private static String table(String name) {
    return Markdown.text(Formats.table(name));
  }
}
