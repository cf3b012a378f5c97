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
import org.pgloadbench.results.Sample;
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
    List<Bar> bars = new ArrayList<>();
    Set<StepKind> steps = new LinkedHashSet<>();
    for (String version : results.versions()) {
      if (!bars.isEmpty()) {
        // An empty bar between versions shows the grouping; labels must differ, so spaces grow.
        bars.add(null);
        labels.add(" ".repeat(bars.size()));
      }
      steps.addAll(results.steps(version));
      for (String cell : results.cells(version)) {
        bars.add(new Bar(version, cell));
        labels.add(version + " · " + cell);
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
      for (Bar bar : bars) {
        if (bar == null) {
          seconds.add(0.0);
          continue;
        }
        Sample sample =
            results.seconds(bar.version, bar.cell, results.tables(bar.version), List.of(step));
        // A failed or absent step adds nothing to its bar; the tables say why.
        seconds.add(sample.isEmpty() ? 0.0 : sample.summary().median());
      }
      chart.addSeries(step.yamlName(), labels, seconds);
    }
    return chart;
  }

  private record Bar(String version, String cell) {}
}
