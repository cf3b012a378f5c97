package org.pgloadbench.render;

import java.awt.Color;
import java.awt.Font;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.VectorGraphicsEncoder.VectorGraphicsFormat;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.CategoryStyler;
import org.knowm.xchart.style.Styler;
import org.pgloadbench.results.Summary;

/**
 * The reports' charts in one style, and how they are written: a PNG for Markdown, an SVG for the
 * HTML report and for print.
 */
public final class Charts {
  /** Every report chart's width in pixels, the scaling chart's aside. */
  public static final int WIDTH = 1200;

  static {
    // Reports are written on servers without a display.
    if (System.getProperty("java.awt.headless") == null) {
      System.setProperty("java.awt.headless", "true");
    }
  }

  private Charts() {}

  /** Writes {@code name}.png and {@code name}.svg into {@code dir}. */
  public static void write(Chart<?, ?> chart, Path dir, String name) throws IOException {
    Path png = dir.resolve(name + ".png");
    BufferedImage image = BitmapEncoder.getBufferedImage(chart);
    if (!ImageIO.write(image, "png", png.toFile())) {
      throw new IOException("no PNG writer for " + png);
    }
    try (OutputStream svg = Files.newOutputStream(dir.resolve(name + ".svg"))) {
      VectorGraphicsEncoder.saveVectorGraphic(chart, svg, VectorGraphicsFormat.SVG);
    }
  }

  /** Writes the charts of each section that applies to {@code input} into {@code dir}. */
  public static <T> void write(List<? extends Section<? super T>> sections, T input, Path dir)
      throws IOException {
    for (Section<? super T> section : sections) {
      if (section.applies(input)) {
        for (Map.Entry<String, Chart<?, ?>> chart : section.charts(input).entrySet()) {
          write(chart.getValue(), dir, chart.getKey());
        }
      }
    }
  }

  /**
   * A bar per label, {@link #WIDTH} wide, {@code height} tall plus the room its labels take: they
   * stay level while they fit under their bars, tilt a little, then stand upright, hanging below
   * the axis.
   */
  public static CategoryChart bars(
      String title, String yAxisTitle, List<String> labels, int height) {
    int longest = labels.stream().mapToInt(l -> l.strip().length()).max().orElse(0);
    int rotation = labels.size() * longest * 8 < WIDTH ? 0 : labels.size() <= 8 ? 30 : 90;
    CategoryChart chart =
        new CategoryChartBuilder()
            .width(WIDTH)
            .height(height + (int) (longest * 8 * Math.sin(Math.toRadians(rotation))))
            .title(title)
            .yAxisTitle(yAxisTitle)
            .build();
    CategoryStyler styler = chart.getStyler();
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
    return chart;
  }

  /**
   * Totals side by side, a series per side (a version, a run): a bar at the median, its error bar
   * one standard deviation of the repetitions either side; a label a side did not measure (null)
   * gets no bar.
   */
  public static CategoryChart totals(
      String title, List<String> labels, Map<String, List<Summary>> sides) {
    CategoryChart chart =
        bars(title, "total seconds (median; bar: ± 1 sd of repetitions)", labels, 600);
    chart.getStyler().setStacked(false);
    chart.getStyler().setErrorBarsColor(Color.DARK_GRAY);
    if (labels.isEmpty()) {
      return chart;
    }
    sides.forEach(
        (side, summaries) ->
            chart.addSeries(
                side,
                labels,
                summaries.stream().map(s -> s == null ? 0.0 : s.median()).toList(),
                summaries.stream().map(s -> s == null ? 0.0 : s.sd()).toList()));
    return chart;
  }
}
