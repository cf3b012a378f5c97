package org.pgloadbench.report;

import java.awt.Color;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.render.Charts;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.render.MarkdownPage;
import org.pgloadbench.render.Section;
import org.pgloadbench.render.Table;
import org.pgloadbench.results.Measurements;
import org.pgloadbench.results.Repetitions;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.results.StoredRun;
import org.pgloadbench.results.Summary;

/**
 * Time against rows: the same scenario run at several scales, one point per run and cell, the
 * median over repetitions of the COPY's seconds (all tables) against the rows copied. Linear cost
 * shows as a constant time per row; the report gives it per scale, with the peak resident memory of
 * each run where the run directory has it ({@value #PEAK_RSS_FILE}, written by the script that ran
 * it).
 */
public final class ScalingReport {
  /** A run's peak resident set size in kB, as {@code scripts/scaling.sh} records it. */
  public static final String PEAK_RSS_FILE = "peak_rss_kb";

  private static final String CHART = "scaling";

  /** One run of one cell: rows copied, median COPY seconds, median load seconds (all steps). */
  record Point(String cell, long rows, double copySeconds, double loadSeconds, Long peakRssKb) {}

  /**
   * What {@code scaling.md} shows: the points, the scenario on its version, the run directories,
   * and the series of their stored runs (null for none) with the rows to predict at.
   */
  record Scaled(
      List<Point> points,
      String scenario,
      List<Path> runDirs,
      ScaleSeries series,
      Map<String, Long> predict) {}

  private static final List<Section<Scaled>> SECTIONS =
      List.of(
          Section.of(
              scaled -> true,
              ScalingReport::points,
              scaled -> Map.of(CHART, chart(scaled.points(), scaled.scenario()))),
          ScaleSections.CLAIMS,
          ScaleSections.PER_ROW,
          ScaleSections.PREDICTION);

  private ScalingReport() {}

  /**
   * Writes {@code scaling.md} and its chart (PNG and SVG) into {@code out}, with the claims at each
   * scale, each cell's time per row and slope, and, for {@code predict}'s rows per table (short
   * names; empty for none), each cell's predicted time and ratio to the baseline; returns the
   * report path.
   */
  public static Path write(List<Path> runDirs, Path out, Map<String, Long> predict)
      throws IOException {
    List<Point> points = new ArrayList<>();
    String scenario = null;
    for (Path run : runDirs) {
      List<StepResult> steps = ResultStore.readSteps(run);
      if (!steps.isEmpty()) {
        scenario = steps.get(0).scenario() + " on PostgreSQL " + steps.get(0).server();
      }
      points.addAll(points(steps, peakRss(run)));
    }
    points.sort(Comparator.comparing(Point::cell).thenComparingLong(Point::rows));
    // every run's steps are read before any run.json, so a torn steps file is what a user hears of
    List<StoredRun> runs = new ArrayList<>();
    for (Path run : runDirs) {
      runs.add(StoredRun.load(run));
    }
    ScaleSeries series = runs.isEmpty() ? null : ScaleSeries.of(runs);
    Scaled scaled =
        new Scaled(
            points,
            scenario,
            runDirs,
            series,
            series == null ? predict : series.inTableOrder(predict));
    Files.createDirectories(out);
    Charts.write(SECTIONS, scaled, out);
    Path md = out.resolve("scaling.md");
    Files.writeString(
        md, MarkdownPage.report().sections(SECTIONS, scaled).toString(), StandardCharsets.UTF_8);
    return md;
  }

  /** One point per cell, from the repetitions {@link Repetitions} counts. */
  static List<Point> points(List<StepResult> steps, Long peakRssKb) {
    Map<String, List<StepResult>> byCell = new LinkedHashMap<>();
    steps.stream()
        .filter(s -> s.repetition() >= 1)
        .forEach(s -> byCell.computeIfAbsent(s.cell(), c -> new ArrayList<>()).add(s));
    List<Point> points = new ArrayList<>();
    byCell.forEach(
        (cell, cellSteps) -> {
          List<StepResult> copies =
              cellSteps.stream().filter(s -> s.step() == StepKind.COPY).toList();
          Map<Integer, Double> rows = Repetitions.sums(copies, Measurements::rows);
          Map<Integer, Double> copy = Repetitions.sums(copies, Measurements::seconds);
          Map<Integer, Double> load = Repetitions.sums(cellSteps, Measurements::seconds);
          if (!rows.isEmpty() && !load.isEmpty()) {
            points.add(
                new Point(
                    cell,
                    rows.values().iterator().next().longValue(),
                    Summary.of(copy.values()).median(),
                    Summary.of(load.values()).median(),
                    peakRssKb));
          }
        });
    return points;
  }

  private static Long peakRss(Path run) throws IOException {
    Path file = run.resolve(PEAK_RSS_FILE);
    return Files.exists(file) ? Long.parseLong(Files.readString(file).strip()) : null;
  }

  /** The title, the runs, and a row per point. */
  private static void points(Scaled scaled, MarkdownPage page) {
    Table table =
        Table.of(
            1, "cell", "rows", "copy s", "copy µs/row", "load s", "load µs/row", "peak RSS MB");
    for (Point p : scaled.points()) {
      table.row(
          Markdown.text(p.cell()),
          String.format(Locale.ROOT, "%,d", p.rows()),
          String.format(Locale.ROOT, "%.3f", p.copySeconds()),
          String.format(Locale.ROOT, "%.3f", p.copySeconds() * 1e6 / p.rows()),
          String.format(Locale.ROOT, "%.3f", p.loadSeconds()),
          String.format(Locale.ROOT, "%.3f", p.loadSeconds() * 1e6 / p.rows()),
          p.peakRssKb() == null ? "–" : String.format(Locale.ROOT, "%.0f", p.peakRssKb() / 1024.0));
    }
    page.heading(1, "Time against rows: " + Markdown.text(String.valueOf(scaled.scenario())))
        .block(
            "Runs: "
                + String.join(
                    ", ", scaled.runDirs().stream().map(d -> Markdown.text(d.toString())).toList()))
        .block("Medians over repetitions. Linear cost: the µs per row stay level as rows grow.")
        .table(table)
        .image("copy seconds against rows", CHART + ".png");
  }

  private static XYChart chart(List<Point> points, String scenario) {
    XYChart chart =
        new XYChartBuilder()
            .width(900)
            .height(550)
            .title("COPY seconds against rows: " + scenario)
            .xAxisTitle("rows")
            .yAxisTitle("seconds (median)")
            .build();
    chart.getStyler().setChartBackgroundColor(Color.WHITE);
    chart.getStyler().setPlotBackgroundColor(Color.WHITE);
    chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
    chart.getStyler().setXAxisMin(0.0);
    chart.getStyler().setYAxisMin(0.0);
    Map<String, List<Point>> byCell = new LinkedHashMap<>();
    points.forEach(p -> byCell.computeIfAbsent(p.cell(), c -> new ArrayList<>()).add(p));
    byCell.forEach(
        (cell, list) ->
            chart.addSeries(
                cell,
                list.stream().mapToDouble(Point::rows).toArray(),
                list.stream().mapToDouble(Point::copySeconds).toArray()));
    return chart;
  }
}
