package org.pgloadbench.report;

import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;
import org.pgloadbench.results.Sample;

/**
 * Per cell, the versions' total seconds side by side: a bar at the median, its error bar one
 * standard deviation of the repetitions either side.
 */
final class ComparisonChart {
  private ComparisonChart() {}

  static CategoryChart chart(VersionComparison comparison, String title) {
    List<VersionComparison.Row> totals = comparison.totals();
    List<String> cells = totals.stream().map(VersionComparison.Row::cell).toList();
    int longest = cells.stream().mapToInt(String::length).max().orElse(0);
    int rotation =
        longest * 8 * cells.size() < StepsChart.WIDTH ? 0 : (cells.size() <= 8 ? 30 : 90);
    CategoryChart chart =
        new CategoryChartBuilder()
            .width(StepsChart.WIDTH)
            .height(600 + (int) (longest * 8 * Math.sin(Math.toRadians(rotation))))
            .title(title)
            .yAxisTitle("total seconds (median; bar: ± 1 sd of repetitions)")
            .build();
    StepsChart.style(chart.getStyler(), rotation);
    chart.getStyler().setStacked(false);
    chart.getStyler().setErrorBarsColor(java.awt.Color.DARK_GRAY);
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
    for (String version : comparison.versions()) {
      List<Double> medians = new ArrayList<>();
      List<Double> spread = new ArrayList<>();
      for (VersionComparison.Row row : totals) {
        Sample sample = row.samples().get(version);
        boolean measured = sample != null && !sample.isEmpty();
        medians.add(measured ? sample.summary().median() : 0.0);
        spread.add(measured ? sample.summary().sd() : 0.0);
      }
      chart.addSeries("PostgreSQL " + version, cells, medians, spread);
    }
    return chart;
  }
}
