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
import org.pgloadbench.render.Charts;
import org.pgloadbench.render.Section;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.results.StoredRun;

/**
 * "Every load in run order", for a run whose servers ran round after round: each measured load in
 * the order it ran, one series per server. What drifts over a run (the machine, or what a server
 * accumulates load after load) shows as a slope, which medians hide.
 */
final class RunOrderChart {
  static final String CHART = "runorder";

  static final Section<ReportedRun> SECTION =
      Section.of(
          ReportedRun::paired,
          (run, page) ->
              page.heading(2, "Every load in run order")
                  .block(
                      "Each server's loads as they ran, round after round: a slope is drift, of the"
                          + " machine (all servers alike) or of what one server accumulates.")
                  .image("every load in run order", CHART + ".png"),
          run -> run.measured() ? Map.of(CHART, chart(run.results())) : Map.of());

  private RunOrderChart() {}

  /** A load: the steps stored one after another for one server, cell and repetition. */
  private record Load(String server, String cell, int repetition) {}

  private static XYChart chart(StoredRun results) {
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
            .width(Charts.WIDTH)
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
