package org.pgloadbench.history;

import java.awt.BasicStroke;
import java.awt.Color;
import java.util.List;
import org.pgloadbench.render.Charts;
import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The series of one cell and step over the runs, one line each, their change points marked by a red
 * diamond on the first run after the change and a dashed line before it. The x axis numbers the
 * scenario's runs in the order they started, so that the series of several machines line up run by
 * run.
 */
final class HistoryChart {
  private HistoryChart() {}

  static XYChart chart(String title, List<Series> series, List<HistoryPoint.Run> runs) {
    XYChart chart =
        new XYChartBuilder()
            .width(Charts.WIDTH)
            .height(500)
            .title(title)
            .xAxisTitle("run, in the order started (1 = oldest)")
            .yAxisTitle(
                series.stream().anyMatch(s -> s.key().server().contains(HistoryPoint.OVER))
                    ? "ratio to the base's in the same run (medians over the run's repetitions)"
                    : "seconds (median over the run's repetitions)")
            .build();
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
    chart.getStyler().setMarkerSize(5);
    chart.getStyler().setAnnotationLineColor(Color.RED);
    chart
        .getStyler()
        .setAnnotationLineStroke(
            new BasicStroke(
                1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10, new float[] {6, 4}, 0));
    for (Series one : series) {
      String name = one.key().server() + " · machine " + one.key().machine();
      double[] x = one.points().stream().mapToDouble(p -> runs.indexOf(p.run()) + 1).toArray();
      double[] y = one.points().stream().mapToDouble(HistoryPoint::seconds).toArray();
      chart.addSeries(name, x, y).setMarker(SeriesMarkers.CIRCLE);
      if (!one.changes().isEmpty()) {
        double[] cx = one.changes().stream().mapToDouble(c -> x[c.index()]).toArray();
        double[] cy = one.changes().stream().mapToDouble(c -> y[c.index()]).toArray();
        XYSeries marks = chart.addSeries(name + ": change points", cx, cy);
        marks.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        marks.setMarker(SeriesMarkers.DIAMOND);
        marks.setMarkerColor(Color.RED);
        // a line between the last run before and the first after: visible at any scale
        for (double at : cx) {
          chart.addAnnotation(new AnnotationLine(at - 0.5, true, false));
        }
      }
    }
    return chart;
  }
}
