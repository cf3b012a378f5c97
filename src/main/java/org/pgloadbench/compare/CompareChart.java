package org.pgloadbench.compare;

import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;

/** Per version and cell, the base's and the new run's total seconds side by side, ± 1 sd. */
final class CompareChart {
  private CompareChart() {}

  static CategoryChart chart(RunComparison comparison) {
    List<RunComparison.Row> totals =
        comparison.rows().stream().filter(RunComparison.Row::total).toList();
    List<String> labels = totals.stream().map(r -> r.version() + " · " + r.cell()).toList();
    int longest = labels.stream().mapToInt(String::length).max().orElse(0);
    int rotation = longest * 8 * labels.size() < 1200 ? 0 : (labels.size() <= 8 ? 30 : 90);
    CategoryChart chart =
        new CategoryChartBuilder()
            .width(1200)
            .height(600 + (int) (longest * 8 * Math.sin(Math.toRadians(rotation))))
            .title("Base and new: total seconds per cell")
            .yAxisTitle("total seconds (median; bar: ± 1 sd of repetitions)")
            .build();
    Styler styler = chart.getStyler();
    chart.getStyler().setChartBackgroundColor(Color.WHITE);
    chart.getStyler().setPlotBackgroundColor(Color.WHITE);
    chart.getStyler().setPlotBorderVisible(false);
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
    chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
    chart.getStyler().setErrorBarsColor(Color.DARK_GRAY);
    chart.getStyler().setXAxisLabelRotation(rotation);
    chart.getStyler().setYAxisMin(0.0);
    styler.setChartTitleBoxVisible(false);
    List<Double> base = new ArrayList<>();
    List<Double> baseSd = new ArrayList<>();
    List<Double> other = new ArrayList<>();
    List<Double> otherSd = new ArrayList<>();
    for (RunComparison.Row row : totals) {
      base.add(row.comparison().base().median());
      baseSd.add(row.comparison().base().sd());
      other.add(row.comparison().other().median());
      otherSd.add(row.comparison().other().sd());
    }
    if (!labels.isEmpty()) {
      chart.addSeries("base", labels, base, baseSd);
      chart.addSeries("new", labels, other, otherSd);
    }
    return chart;
  }
}
