package org.pgloadbench.report;

import java.util.List;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.render.MarkdownPage;
import org.pgloadbench.render.Section;

/**
 * The scenario's own findings ({@code findings:}): what earlier runs of this harness found, kept
 * apart from the claims, which test a source or an expectation stated before any run. A finding is
 * the scenario's text, not this run's measurement, and the heading says so.
 */
final class FindingsSection implements Section<ReportedRun> {
  @Override
  public boolean applies(ReportedRun run) {
    return !findings(run).isEmpty();
  }

  @Override
  public void render(ReportedRun run, MarkdownPage page) {
    page.heading(2, "Findings of earlier runs")
        .block(
            "What this harness found before, as the scenario states it; not checked as a claim."
                + " This run's own figures, where it ran what a finding compares, are in the"
                + " tables below.")
        .bullets(findings(run).stream().map(Markdown::text).toList());
  }

  private static List<String> findings(ReportedRun run) {
    return run.results().manifest().scenario().findings();
  }
}
