package org.pgloadbench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.pgloadbench.analysis.Answer;
import org.pgloadbench.analysis.ClaimCheck;
import org.pgloadbench.analysis.LogLogFit;
import org.pgloadbench.analysis.Size;
import org.pgloadbench.render.Formats;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.render.MarkdownPage;
import org.pgloadbench.render.Section;
import org.pgloadbench.render.Table;
import org.pgloadbench.render.Verdicts;
import org.pgloadbench.results.StoredRun;
import org.pgloadbench.scenario.Claim;

/**
 * A scale series' sections, side by side over its runs: each claim's measured ratio at each scale
 * (does it move toward the published one as the data grows?), each cell's time per row and the
 * slope of its time against rows on log-log axes, and, for the rows a user names, each cell's
 * predicted time and ratio to the baseline with the fit's leave-one-out error on the measured
 * points.
 */
final class ScaleSections {
  static final Section<ScalingReport.Scaled> CLAIMS =
      Section.when(
          scaled ->
              scaled.series() != null
                  && !scaled.series().largest().manifest().scenario().claims().isEmpty(),
          ScaleSections::claims);

  static final Section<ScalingReport.Scaled> PER_ROW =
      Section.when(scaled -> scaled.series() != null, ScaleSections::perRow);

  static final Section<ScalingReport.Scaled> PREDICTION =
      Section.when(
          scaled -> scaled.series() != null && !scaled.predict().isEmpty(),
          ScaleSections::prediction);

  private ScaleSections() {}

  /** Per claim, the measured ratio at each scale, and at the predicted rows. */
  private static void claims(ScalingReport.Scaled scaled, MarkdownPage page) {
    ScaleSeries series = scaled.series();
    Map<String, Long> predict = scaled.predict();
    List<String> header = new ArrayList<>(List.of("claim", "published"));
    series.runs().forEach(r -> header.add(ScaleSeries.label(r)));
    header.add(predict.isEmpty() ? null : "predicted at " + ScaleSeries.rowsLabel(predict));
    header.add("toward the published?");
    Table table = Table.of(1, header);
    List<List<ClaimCheck>> checks = series.runs().stream().map(r -> Answer.of(r).claims()).toList();
    for (int i = 0; i < checks.get(checks.size() - 1).size(); i++) {
      ClaimCheck last = checks.get(checks.size() - 1).get(i);
      if (!last.versions().equals(series.version()) && last.claim().subject().version() == null) {
        continue;
      }
      Claim claim = last.claim();
      List<String> row = new ArrayList<>();
      // a claim checked within each settings profile: one row per profile, named so
      row.add(
          Markdown.text(
              claim.settings() == null
                  ? claim.claim()
                  : claim.claim() + " (settings " + claim.settings() + ")"));
      row.add(claim.seedRatio() == null ? "–" : ClaimsSection.ratio(claim.seedRatio()));
      List<Double> ratios = new ArrayList<>();
      for (List<ClaimCheck> atScale : checks) {
        ClaimCheck c = i < atScale.size() ? atScale.get(i) : null;
        double r = c == null ? Double.NaN : c.ratio();
        ratios.add(r);
        row.add(
            Double.isNaN(r)
                ? "–"
                : ClaimsSection.ratio(r)
                    + " "
                    + Markdown.text(c.verdict().toString())
                    + (c.size() == Size.NONE ? "" : ", size " + Verdicts.size(c)));
      }
      row.add(predict.isEmpty() ? null : ClaimsSection.ratio(series.predicted(claim, predict)));
      row.add(toward(claim.seedRatio(), ratios));
      table.row(row);
    }
    page.heading(2, "Claims at each scale")
        .table(table)
        .block(
            "Each scale's measured ratio (as its report has it), verdict and size verdict (the"
                + " published ratio against the measured interval widened by the source's"
                + " uncertainty ±u, as in the claims table); toward the published: whether the"
                + " ratio at the largest scale is nearer the published one than at the"
                + " smallest.");
  }

  private static String toward(Double published, List<Double> ratios) {
    double first = ratios.get(0);
    double last = ratios.get(ratios.size() - 1);
    if (published == null || Double.isNaN(first) || Double.isNaN(last)) {
      return "–";
    }
    double before = Math.abs(Math.log(first / published));
    double after = Math.abs(Math.log(last / published));
    return after < before ? "yes" : "no";
  }

  /** Per cell, seconds per row at each scale and the log-log slope of its total. */
  private static void perRow(ScalingReport.Scaled scaled, MarkdownPage page) {
    List<StoredRun> runs = scaled.series().runs();
    List<String> header = new ArrayList<>(List.of("cell"));
    runs.forEach(r -> header.add("µs/row " + ScaleSeries.label(r)));
    header.add("slope");
    Table table = Table.of(1, header);
    for (String cell : scaled.series().cells()) {
      List<String> row = new ArrayList<>(List.of(Markdown.text(cell)));
      double[] rows = new double[runs.size()];
      double[] seconds = new double[runs.size()];
      boolean complete = true;
      for (int i = 0; i < runs.size(); i++) {
        rows[i] = ScaleSeries.totalRows(runs.get(i));
        seconds[i] = ScaleSeries.total(runs.get(i), cell).median();
        complete &= !Double.isNaN(seconds[i]);
        row.add(
            Double.isNaN(seconds[i])
                ? "–"
                : String.format(Locale.ROOT, "%.3f", seconds[i] * 1e6 / rows[i]));
      }
      row.add(
          complete && runs.size() > 1
              ? String.format(Locale.ROOT, "%.2f", LogLogFit.of(rows, seconds).slope())
              : "–");
      table.row(row);
    }
    page.heading(2, "Time per row")
        .table(table)
        .block(
            "A cell's total, every table and step, over the rows of every table. Slope: of the"
                + " total's seconds against the rows on log-log axes; 1 is linear, above 1 each"
                + " row costs more as the tables grow.");
  }

  /** Each cell's predicted time at the given rows, its ratio to the baseline, the fit's error. */
  private static void prediction(ScalingReport.Scaled scaled, MarkdownPage page) {
    ScaleSeries series = scaled.series();
    Map<String, Long> predict = scaled.predict();
    Map<String, Double> predicted = new LinkedHashMap<>();
    series.cells().forEach(c -> predicted.put(c, series.predicted(c, null, predict)));
    Table table = Table.of(1, "cell", "predicted", "ratio to the baseline", "leave-one-out error");
    double base = predicted.getOrDefault(series.baseline(), Double.NaN);
    for (String cell : series.cells()) {
      double p = predicted.get(cell);
      table.row(
          Markdown.text(cell) + (cell.equals(series.baseline()) ? " (baseline)" : ""),
          Double.isNaN(p) ? "–" : Formats.duration(p),
          Double.isNaN(p) || Double.isNaN(base) ? "–" : ClaimsSection.ratio(p / base),
          leaveOneOut(series, cell));
    }
    page.heading(2, "Predicted at " + ScaleSeries.rowsLabel(predict))
        .table(table)
        .block(
            "Each step's time on each table fitted against the table's rows on log-log axes over"
                + " the scales measured, extrapolated to the rows given, and summed. Leave-one-out"
                + " error: each measured scale predicted by the fit through the others, the"
                + " largest miss (and each scale's).")
        .block(MemoryRegime.note(series.runs(), predict));
  }

  private static String leaveOneOut(ScaleSeries series, String cell) {
    List<StoredRun> runs = series.runs();
    if (runs.size() < 3) {
      return "– (needs 3 scales)";
    }
    List<String> misses = new ArrayList<>();
    double worst = 0;
    for (int i = 0; i < runs.size(); i++) {
      double measured = ScaleSeries.total(runs.get(i), cell).median();
      double p = series.predicted(cell, i, ScaleSeries.rowsOf(runs.get(i)));
      if (Double.isNaN(measured) || Double.isNaN(p)) {
        return "–";
      }
      double error = p / measured - 1;
      worst = Math.max(worst, Math.abs(error));
      misses.add(
          Math.abs(error) < 0.005 ? "±0%" : String.format(Locale.ROOT, "%+.0f%%", 100 * error));
    }
    return String.format(Locale.ROOT, "%.0f%% (", 100 * worst) + String.join(", ", misses) + ")";
  }
}
