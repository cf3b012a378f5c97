package org.pgloadbench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pgloadbench.dataset.DatasetSpec;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.render.MarkdownPage;
import org.pgloadbench.render.Section;
import org.pgloadbench.results.PgbenchPhases;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.results.StoredRun;

/**
 * The report section of a pgbench dataset: per version and cell, one {@code done in ...} line per
 * repetition and their average, exactly as {@code pgbench -i} and the multi-insert table AM thread
 * print them.
 */
final class PgbenchSection implements Section<ReportedRun> {
  @Override
  public boolean applies(ReportedRun run) {
    return DatasetSpec.reportsPgbenchPhases(run.results().manifest().scenario().datasetKind());
  }

  @Override
  public void render(ReportedRun run, MarkdownPage page) {
    StoredRun results = run.results();
    page.heading(2, "pgbench -i phases")
        .block("Each phase sums its step over pgbench's four tables (loaded table by table).");
    for (String version : results.versions()) {
      for (String cell : results.cells(version)) {
        Map<Integer, List<StepResult>> loads = new LinkedHashMap<>();
        for (StepResult s : results.measured()) {
          if (s.server().equals(version) && s.cell().equals(cell)) {
            loads.computeIfAbsent(s.repetition(), r -> new ArrayList<>()).add(s);
          }
        }
        page.block("PostgreSQL " + Markdown.text(version) + ", " + Markdown.code(cell) + ":");
        StringBuilder out = new StringBuilder("```\n");
        List<Double> totals = new ArrayList<>();
        for (List<StepResult> load : loads.values()) {
          // on one line, so that no line of a stored step name closes the fence
          out.append(Markdown.oneLine(PgbenchPhases.line(load))).append('\n');
          if (load.stream().allMatch(StepResult::ok)) {
            totals.add(StepResult.seconds(load));
          }
        }
        page.block(
            out.append('\n').append(PgbenchPhases.average(totals)).append("\n```").toString());
      }
    }
  }
}
