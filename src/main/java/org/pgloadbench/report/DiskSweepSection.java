package org.pgloadbench.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.pgloadbench.analysis.ClaimCheck;
import org.pgloadbench.analysis.DiskSweep;
import org.pgloadbench.analysis.DiskSweep.Point;
import org.pgloadbench.analysis.DiskSweep.Series;
import org.pgloadbench.analysis.Size;
import org.pgloadbench.render.Charts;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.render.MarkdownPage;
import org.pgloadbench.render.Section;
import org.pgloadbench.render.Table;
import org.pgloadbench.results.StoredRun;
import org.pgloadbench.scenario.Claim;

/**
 * The claims over a sweep of disks: each claim's measured ratio at every disk limit of the
 * scenario's disk axis, the bandwidths over which its size is as published, where its ratio meets
 * the published one, whether one bandwidth explains all the claims, and which claims the disk
 * explains little of (their time at the slowest limit is mostly the server's CPU).
 */
final class DiskSweepSection {
  static final String CHART = "disksweep";

  /**
   * Below this relative difference between the sides' times at the slowest limit (their bytes
   * through the throttle over its rate), the disk cannot tell them apart: the claim depends on the
   * CPU.
   */
  static final double CPU_BOUND = 0.25;

  static final Section<ReportedRun> SECTION =
      Section.of(
          run -> !run.answer().claims().isEmpty() && !DiskSweep.of(run.answer().claims()).isEmpty(),
          DiskSweepSection::render,
          DiskSweepSection::chart);

  private DiskSweepSection() {}

  private static void render(ReportedRun run, MarkdownPage page) {
    DiskSweep sweep = DiskSweep.of(run.answer().claims());
    List<Double> bandwidths =
        sweep.series().stream()
            .flatMap(s -> s.points().stream())
            .map(Point::bandwidth)
            .distinct()
            .sorted()
            .toList();
    List<String> header = new ArrayList<>(List.of("claim", "PostgreSQL", "published"));
    bandwidths.forEach(b -> header.add(bandwidth(b)));
    header.addAll(List.of("as published", "crossing", "at the slowest"));
    Table table =
        Table.aligned("rll" + "r".repeat(bandwidths.size()) + "lrl", header.toArray(String[]::new));
    List<String> listed = new ArrayList<>();
    for (Series s : sweep.series()) {
      listed.add(
          (listed.size() + 1) + ". " + Markdown.text(s.claim().claim()) + settings(s.claim()));
      List<String> row = new ArrayList<>();
      row.add(Integer.toString(listed.size()));
      row.add(Markdown.text(s.versions()));
      row.add(s.published() == null ? ClaimsSection.NO_FIGURE : ClaimsSection.ratio(s.published()));
      for (double column : bandwidths) {
        row.add(
            s.points().stream()
                .filter(p -> p.bandwidth() == column)
                .findFirst()
                .map(DiskSweepSection::ratio)
                .orElse("–"));
      }
      row.add(range(s.range()));
      row.add(crossing(s));
      row.add(difference(run.results(), s));
      table.row(row);
    }
    page.heading(2, "Claims over the disk sweep")
        .block(
            "Each claim (numbered as below) checked on every disk limit of the disk axis, its"
                + " measured ratio per limit (write bandwidth; **bold**: its size as published"
                + " there, *n.j.*: not judged, the writes escaped the limit). *As published*: the"
                + " bandwidths over"
                + " which the published ratio lies in the measured interval widened by the"
                + " source's uncertainty, its ends interpolated on a log scale between"
                + " neighbouring limits. *Crossing*: where the measured ratio meets the published"
                + " one (interpolated), else the limit whose ratio lies nearest it: where a regime"
                + " calibrated on the claim runs. *At the slowest*: each side's time its bytes"
                + " through the throttle take at the slowest limit, and its server CPU time;"
                + " *CPU* where the two sides'"
                + " times at the limit differ by less than "
                + Math.round(CPU_BOUND * 100)
                + "% (they pass the same bytes: the disk cannot tell them apart, and the claim"
                + " depends on the server's work alone), else *disk*.")
        .block(String.join("\n", listed))
        .table(table)
        .block(agreement(sweep))
        .image("claims over the disk sweep", CHART + ".png");
  }

  /** Whether one bandwidth explains the claims: how many cross, and do their crossings agree. */
  static String agreement(DiskSweep sweep) {
    int all = sweep.series().size();
    long crossing =
        sweep.series().stream().filter(s -> !Double.isNaN(s.range().crossing())).count();
    String count =
        crossing == all
            ? "All " + all + " claims cross their published ratio within the sweep"
            : crossing
                + " of "
                + all
                + " claims cross their published ratio within the sweep; the others' ratios lie"
                + " on one side of it at every disk measured";
    Boolean agree = sweep.crossingsAgree();
    if (agree == null) {
      return count + (crossing == all ? "." : ", so no one disk measured here explains them all.");
    }
    return count
        + ". The crossings' median is "
        + bandwidth(sweep.medianCrossing())
        + (!agree
            ? ", and not all lie within a factor of two of it: no one disk explains them."
            : crossing == all
                ? ", and each lies within a factor of two of it: one disk could explain them."
                : ", and each lies within a factor of two of it; the others cross nowhere.");
  }

  private static String settings(Claim claim) {
    return claim.settings() == null ? "" : " (settings " + Markdown.text(claim.settings()) + ")";
  }

  private static String ratio(Point p) {
    ClaimCheck check = p.check();
    if (check.size() == Size.NOT_JUDGED) {
      return "*n.j.*";
    }
    String ratio = ClaimsSection.ratio(check.ratio());
    return check.size() == Size.AS_PUBLISHED ? "**" + ratio + "**" : ratio;
  }

  /** The crossing, else "none" and the limit nearest the published ratio. */
  private static String crossing(Series s) {
    DiskSweep.Range range = s.range();
    if (!Double.isNaN(range.crossing())) {
      return bandwidth(range.crossing());
    }
    return Double.isNaN(range.nearest()) ? "–" : "none; nearest " + bandwidth(range.nearest());
  }

  private static String range(DiskSweep.Range range) {
    if (!range.any()) {
      return "at no limit";
    }
    if (range.from() == range.to()) {
      return "at " + bandwidth(range.from());
    }
    return bandwidth(range.from()) + " to " + bandwidth(range.to());
  }

  /** "30 MB/s"; "unthrottled" for no limit. */
  static String bandwidth(double bytesPerSecond) {
    if (Double.isInfinite(bytesPerSecond)) {
      return "unthrottled";
    }
    double mb = bytesPerSecond / 1e6;
    return String.format(Locale.ROOT, mb >= 10 ? "%.0f MB/s" : "%.2g MB/s", mb);
  }

  /**
   * At the slowest limit, whether the disk can tell the claim's two sides apart: "CPU" when the
   * time their bytes through the throttle take at the limit differs by less than {@link #CPU_BOUND}
   * of the larger (they pass the same bytes, so what separates them is the server's work, not the
   * disk), else "disk"; with each side's time at the limit and CPU time.
   */
  private static String difference(StoredRun results, Series s) {
    ClaimCheck slowest = s.points().get(0).check();
    Claim claim = slowest.claim();
    String version = slowest.versions();
    double[] a = MissesSection.split(results, version, claim.subject(), claim.subject().steps());
    double[] b =
        MissesSection.split(results, version, claim.reference(), claim.reference().steps());
    if (Double.isNaN(a[2]) || Double.isNaN(b[2]) || Math.max(a[2], b[2]) <= 0) {
      return "–";
    }
    boolean sameBytes = Math.abs(a[2] - b[2]) < CPU_BOUND * Math.max(a[2], b[2]);
    return String.format(
        Locale.ROOT,
        "%s (at the limit %.2f s vs %.2f s, CPU %.2f s vs %.2f s)",
        sameBytes ? "CPU" : "disk",
        a[2],
        b[2],
        MissesSection.zero(a[1]),
        MissesSection.zero(b[1]));
  }

  /** Each claim's ratio against the bandwidth, its published ratio dashed across. */
  private static Map<String, Chart<?, ?>> chart(ReportedRun run) {
    DiskSweep sweep = DiskSweep.of(run.answer().claims());
    XYChart chart =
        new XYChartBuilder()
            .width(Charts.WIDTH)
            .height(500)
            .title("Claims over the disk sweep: " + run.results().scenarioName())
            .xAxisTitle("write bandwidth, MB/s (log scale; unthrottled not shown)")
            .yAxisTitle("measured ratio (published: dashed)")
            .build();
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
    chart.getStyler().setXAxisLogarithmic(true);
    chart.getStyler().setMarkerSize(7);
    Color[] colors = chart.getStyler().getSeriesColors();
    int n = 0;
    for (Series s : sweep.series()) {
      List<Double> x = new ArrayList<>();
      List<Double> y = new ArrayList<>();
      for (Point p : s.points()) {
        if (Double.isFinite(p.bandwidth()) && !Double.isNaN(p.check().ratio())) {
          x.add(p.bandwidth() / 1e6);
          y.add(p.check().ratio());
        }
      }
      if (x.isEmpty()) {
        continue;
      }
      Color color = colors[n % colors.length];
      String name = (n + 1) + ". " + shortName(s.claim().claim()) + " (" + s.versions() + ")";
      XYSeries measured = chart.addSeries(name, x, y);
      measured.setMarker(SeriesMarkers.CIRCLE);
      measured.setMarkerColor(color);
      measured.setLineColor(color);
      if (s.published() != null && x.size() > 1) {
        XYSeries published =
            chart.addSeries(
                name + ", published",
                List.of(x.get(0), x.get(x.size() - 1)),
                List.of(s.published(), s.published()));
        published.setMarker(SeriesMarkers.NONE);
        published.setLineColor(color);
        published.setLineStyle(
            new BasicStroke(
                1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10, new float[] {6, 4}, 0));
        published.setShowInLegend(false);
      }
      n++;
    }
    return Map.of(CHART, chart);
  }

  private static String shortName(String claim) {
    return claim.length() <= 60 ? claim : claim.substring(0, 57) + "...";
  }
}
