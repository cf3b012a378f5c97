package org.pgloadbench.report;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.knowm.xchart.CategoryChart;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.render.Charts;
import org.pgloadbench.render.Section;
import org.pgloadbench.results.Measurements;
import org.pgloadbench.results.StoredRun;

/**
 * "Steps per cell": one stacked bar per (version, cell), a segment per step: the median over
 * repetitions of the step's seconds summed over tables, so a bar's segments match the report's
 * {@code sum} column.
 */
final class StepsChart {
  static final String CHART = "steps";

  static final Section<ReportedRun> SECTION =
      Section.of(
          ReportedRun::measured,
          (run, page) -> page.heading(2, "Steps per cell").image("steps per cell", CHART + ".png"),
          run -> Map.of(CHART, chart(run.results())));

  private StepsChart() {}

  private static CategoryChart chart(StoredRun results) {
    List<String> labels = new ArrayList<>();
    List<RunCell> bars = new ArrayList<>();
    Set<StepKind> steps = new LinkedHashSet<>();
    for (String version : results.versions()) {
      if (!bars.isEmpty()) {
        // An empty bar between versions shows the grouping; labels must differ, so spaces grow.
        bars.add(null);
        labels.add(" ".repeat(bars.size()));
      }
      steps.addAll(results.steps(version));
      for (RunCell bar : RunCell.of(results, version)) {
        bars.add(bar);
        labels.add(version + " · " + bar.cell());
      }
    }
    CategoryChart chart =
        Charts.bars(
            "Seconds per step: " + results.scenarioName(),
            "seconds (median over repetitions, all tables)",
            labels,
            650);
    for (StepKind step : steps) {
      List<Double> seconds = new ArrayList<>();
      for (RunCell bar : bars) {
        // A failed or absent step adds nothing to its bar; the tables say why.
        double median = bar == null ? 0.0 : bar.median(List.of(step), Measurements::seconds);
        seconds.add(Double.isNaN(median) ? 0.0 : median);
      }
      chart.addSeries(step.yamlName(), labels, seconds);
    }
    return chart;
  }
}
