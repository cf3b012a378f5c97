package org.pgloadbench.report;

import java.util.List;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.results.RunManifest;

/**
 * The scenario's own findings ({@code findings:}): what earlier runs of this harness found, kept
 * apart from the claims, which test a source or an expectation stated before any run. A finding
 * is the scenario's text, not this run's measurement, and the heading says so.
 */
final class FindingsSection {
  private FindingsSection() {}

  static void render(RunManifest.Resolved scenario, StringBuilder out) {
    List<String> findings = scenario.findings();
    if (findings.isEmpty()) {
      return;
    }
    out.append("## Findings of earlier runs\n\n")
        .append("What this harness found before, as the scenario states it; not checked as a")
        .append(" claim. This run's own figures, where it ran what a finding compares, are in the")
        .append(" tables below.\n\n");
    findings.forEach(f -> out.append("- ").append(Markdown.text(f)).append('\n'));
    out.append('\n');
  }
}
