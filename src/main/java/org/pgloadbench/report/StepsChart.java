package org.pgloadbench.report;

import java.awt.Color;
import java.awt.Font;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.CategoryStyler;
import org.knowm.xchart.style.Styler;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.results.Sample;
import org.pgloadbench.results.StoredRun;

/**
 * One stacked bar per (version, cell), a segment per step: the median over repetitions of the
 * step's seconds summed over tables, so a bar's segments match the report's {@code sum} column.
 */
public final class StepsChart {
  public static final int WIDTH = 1200;

  private StepsChart() {}

  static CategoryChart chart(StoredRun results) {
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
    int longestLabel = labels.stream().mapToInt(l -> l.strip().length()).max().orElse(0);
    int rotation = labelRotation(labels.size(), longestLabel);
    // Rotated labels hang below the axis: leave room for the longest.
    int height = 650 + (int) (longestLabel * 8 * Math.sin(Math.toRadians(rotation)));
    CategoryChart chart =
        new CategoryChartBuilder()
            .width(WIDTH)
            .height(height)
            .title("Seconds per step: " + results.scenarioName())
            .yAxisTitle("seconds (median over repetitions, all tables)")
            .build();
    style(chart.getStyler(), rotation);
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

  /** Labels stay level while they fit under their bars, tilt a little, then stand upright. */
  private static int labelRotation(int bars, int longestLabel) {
    int pixelsPerBar = WIDTH / Math.max(1, bars);
    if (longestLabel * 8 < pixelsPerBar) {
      return 0;
    }
    return bars <= 8 ? 30 : 90;
  }

  static void style(CategoryStyler styler, int rotation) {
    styler.setStacked(true);
    styler.setChartBackgroundColor(Color.WHITE);
    styler.setPlotBackgroundColor(Color.WHITE);
    styler.setPlotBorderVisible(false);
    styler.setPlotGridVerticalLinesVisible(false);
    styler.setPlotGridLinesColor(new Color(0xDD, 0xDD, 0xDD));
    styler.setLegendPosition(Styler.LegendPosition.OutsideS);
    styler.setLegendLayout(Styler.LegendLayout.Horizontal);
    styler.setLegendBorderColor(Color.WHITE);
    styler.setChartTitleBoxVisible(false);
    styler.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 20));
    styler.setAxisTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 15));
    styler.setAxisTickLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 14));
    styler.setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 15));
    styler.setAvailableSpaceFill(0.7);
    styler.setOverlapped(false);
    styler.setYAxisMin(0.0);
    styler.setYAxisDecimalPattern("#,##0.###");
    styler.setXAxisLabelRotation(rotation);
  }

  private record Bar(String version, String cell) {}
}
