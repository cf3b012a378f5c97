package org.pgloadbench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.results.StoredRun;

/**
 * Every measured load in the order it ran, one series per server: what drifts over a run (the
 * machine, or what a server accumulates load after load) shows as a slope, which medians hide.
 */
final class RunOrderChart {
  static final String CHART = "runorder";

  private RunOrderChart() {}

  /** A load: the steps stored one after another for one server, cell and repetition. */
  private record Load(String server, String cell, int repetition) {}

  static XYChart chart(StoredRun results) {
    // steps.jsonl is in the order measured: a load is a run of consecutive steps of one key
    Map<String, List<Double>> xs = new LinkedHashMap<>();
    Map<String, List<Double>> ys = new LinkedHashMap<>();
    Load current = null;
    double seconds = 0;
    int number = 0;
    for (StepResult step : results.measured()) {
      Load load = new Load(step.server(), step.cell(), step.repetition());
      if (!Objects.equals(load, current)) {
        add(current, number, seconds, xs, ys);
        current = load;
        number++;
        seconds = 0;
      }
      seconds += step.ok() ? step.seconds() : Double.NaN;
    }
    add(current, number, seconds, xs, ys);
    XYChart chart =
        new XYChartBuilder()
            .width(StepsChart.WIDTH)
            .height(500)
            .title("Every load in run order: " + results.scenarioName())
            .xAxisTitle("load, in the order run")
            .yAxisTitle("seconds (all steps of the load)")
            .build();
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
    chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
    chart.getStyler().setMarkerSize(6);
    xs.forEach(
        (server, x) ->
            chart
                .addSeries("PostgreSQL " + server, x, ys.get(server))
                .setMarker(SeriesMarkers.CIRCLE));
    return chart;
  }

  private static void add(
      Load load,
      int number,
      double seconds,
      Map<String, List<Double>> xs,
      Map<String, List<Double>> ys) {
    if (load == null || Double.isNaN(seconds)) {
      return; // a failed load has no time to show
    }
    xs.computeIfAbsent(load.server(), s -> new ArrayList<>()).add((double) number);
    ys.computeIfAbsent(load.server(), s -> new ArrayList<>()).add(seconds);
  }
}
