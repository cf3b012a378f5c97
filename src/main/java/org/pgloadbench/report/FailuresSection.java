package org.pgloadbench.report;

import org.pgloadbench.render.Formats;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.render.MarkdownPage;
import org.pgloadbench.render.Section;
import org.pgloadbench.results.StepResult;

/** The failed steps of a run, with the server's error, in version order. */
final class FailuresSection implements Section<ReportedRun> {
  private static final int MAX_ERROR = 200;

  @Override
  public boolean applies(ReportedRun run) {
    return !run.results().failures().isEmpty();
  }

  @Override
  public void render(ReportedRun run, MarkdownPage page) {
    page.heading(2, "Failures")
        .bullets(run.results().failures().stream().map(FailuresSection::failure).toList());
  }

  private static String failure(StepResult f) {
    String where = "PostgreSQL " + Markdown.text(f.server()) + " · ";
    if (f.repetition() < 1) {
      return where + Markdown.text(f.step().yamlName()) + ": " + Markdown.code(error(f.error()));
    }
    return where
        + Markdown.text(f.cell())
        + " · repetition "
        + f.repetition()
        + " · "
        + table(f.table())
        + " · "
        + Markdown.text(f.step().yamlName())
        + (f.object() == null ? "" : " " + Markdown.text(f.object()))
        + ": "
        + Markdown.code(error(f.error()));
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
