package org.pgloadbench.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.pgloadbench.analysis.Answer;
import org.pgloadbench.analysis.ClaimCheck;
import org.pgloadbench.analysis.LogLogFit;
import org.pgloadbench.analysis.Size;
import org.pgloadbench.dataset.MiddleTable;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.render.Formats;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.render.Table;
import org.pgloadbench.render.Verdicts;
import org.pgloadbench.results.Measurements;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.results.Sample;
import org.pgloadbench.results.StoredRun;
import org.pgloadbench.scenario.Claim;

/**
 * One scenario run at several scales, side by side: each claim's measured ratio at each scale (does
 * it move toward the published one as the data grows?), each cell's time per row and the slope of
 * its time against rows on log-log axes, and, for the rows a user names, each cell's predicted time
 * and ratio to the baseline with the fit's leave-one-out error on the measured points.
 */
final class ScaleSections {
  private final List<StoredRun> runs;
  private final String version;
  private final List<String> cells;
  private final String baseline;

  /** {@code runs} at any order; they are sorted by the rows they loaded. */
  ScaleSections(List<StoredRun> runs) {
    List<StoredRun> sorted = new ArrayList<>(runs);
    sorted.sort(Comparator.comparingLong(ScaleSections::totalRows));
    this.runs = sorted;
    StoredRun largest = sorted.get(sorted.size() - 1);
    this.version = version(largest);
    this.cells = largest.cells(version);
    this.baseline = Answer.baseline(largest);
  }

  String render(Map<String, Long> given) {
    // the rows in the runs' table order, for the headings
    Map<String, Long> predict = new LinkedHashMap<>();
    rowsOf(runs.get(runs.size() - 1)).keySet().stream()
        .filter(given::containsKey)
        .forEach(t -> predict.put(t, given.get(t)));
    given.forEach(predict::putIfAbsent);
    StringBuilder out = new StringBuilder();
    claims(predict, out);
    perRow(out);
    if (!predict.isEmpty()) {
      prediction(predict, out);
    }
    return out.toString();
  }

  /** Per claim, the measured ratio at each scale, and at the predicted rows. */
  private void claims(Map<String, Long> predict, StringBuilder out) {
    List<Claim> claims = runs.get(runs.size() - 1).manifest().scenario().claims();
    if (claims.isEmpty()) {
      return;
    }
    out.append("## Claims at each scale\n\n");
    List<String> header = new ArrayList<>(List.of("claim", "published"));
    runs.forEach(r -> header.add(label(r)));
    if (!predict.isEmpty()) {
      header.add("predicted at " + rowsLabel(predict));
    }
    header.add("toward the published?");
    Table table = Table.of(1, header);
    List<List<ClaimCheck>> checks = new ArrayList<>();
    runs.forEach(r -> checks.add(Answer.of(r).claims()));
    for (int i = 0; i < checks.get(checks.size() - 1).size(); i++) {
      ClaimCheck last = checks.get(checks.size() - 1).get(i);
      if (!last.versions().equals(version) && last.claim().subject().version() == null) {
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
      if (!predict.isEmpty()) {
        row.add(ClaimsSection.ratio(predicted(claim, predict)));
      }
      row.add(toward(claim.seedRatio(), ratios));
      table.row(row);
    }
    table.appendTo(out);
    out.append(
        "\nEach scale's measured ratio (as its report has it), verdict and size verdict (the"
            + " published ratio against the measured interval widened by the source's"
            + " uncertainty ±u, as in the claims table); toward the published:"
            + " whether the ratio at the largest scale is nearer the published one than at the"
            + " smallest.\n\n");
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
  private void perRow(StringBuilder out) {
    out.append("## Time per row\n\n");
    List<String> header = new ArrayList<>(List.of("cell"));
    runs.forEach(r -> header.add("µs/row " + label(r)));
    header.add("slope");
    Table table = Table.of(1, header);
    for (String cell : cells) {
      List<String> row = new ArrayList<>(List.of(Markdown.text(cell)));
      double[] rows = new double[runs.size()];
      double[] seconds = new double[runs.size()];
      boolean complete = true;
      for (int i = 0; i < runs.size(); i++) {
        rows[i] = totalRows(runs.get(i));
        seconds[i] = total(runs.get(i), cell).median();
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
    table.appendTo(out);
    out.append(
        "\nA cell's total, every table and step, over the rows of every table. Slope: of the"
            + " total's seconds against the rows on log-log axes; 1 is linear, above 1 each row"
            + " costs more as the tables grow.\n\n");
  }

  /** Each cell's predicted time at the given rows, its ratio to the baseline, the fit's error. */
  private void prediction(Map<String, Long> predict, StringBuilder out) {
    out.append("## Predicted at ").append(rowsLabel(predict)).append("\n\n");
    Map<String, Double> predicted = new LinkedHashMap<>();
    cells.forEach(c -> predicted.put(c, predicted(c, tables(c), null, predict)));
    Table table = Table.of(1, "cell", "predicted", "ratio to the baseline", "leave-one-out error");
    double base = predicted.getOrDefault(baseline, Double.NaN);
    for (String cell : cells) {
      double p = predicted.get(cell);
      table.row(
          Markdown.text(cell) + (cell.equals(baseline) ? " (baseline)" : ""),
          Double.isNaN(p) ? "–" : Formats.duration(p),
          Double.isNaN(p) || Double.isNaN(base) ? "–" : ClaimsSection.ratio(p / base),
          leaveOneOut(cell));
    }
    table.appendTo(out);
    out.append(
            "\nEach step's time on each table fitted against the table's rows on log-log axes over"
                + " the scales measured, extrapolated to the rows given, and summed. Leave-one-out"
                + " error: each measured scale predicted by the fit through the others, the"
                + " largest miss (and each scale's).\n\n")
        .append(MemoryCap.note(runs, predict))
        .append("\n\n");
  }

  private String leaveOneOut(String cell) {
    if (runs.size() < 3) {
      return "– (needs 3 scales)";
    }
    List<String> misses = new ArrayList<>();
    double worst = 0;
    for (int i = 0; i < runs.size(); i++) {
      double measured = total(runs.get(i), cell).median();
      double p = predicted(cell, tables(cell), i, rowsOf(runs.get(i)));
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

  /**
   * A cell's time over its tables at {@code predict}'s rows, each table fitted (without one run).
   */
  private double predicted(
      String cell, List<String> tables, Integer without, Map<String, Long> at) {
    return predicted(cell, tables, null, without, at);
  }

  /**
   * The sum over tables and steps of each step's own fit: a step whose time is fixed (create,
   * analyze) stays fixed, one that grows with the rows (copy, primary_key) grows, which one fit of
   * their sum would blur into a slope between the two.
   */
  private double predicted(
      String cell,
      List<String> tables,
      List<StepKind> steps,
      Integer without,
      Map<String, Long> at) {
    StoredRun largest = runs.get(runs.size() - 1);
    List<StepKind> which = steps == null ? largest.steps(version, cell) : steps;
    double sum = 0;
    for (String table : tables) {
      Long target = at.get(MiddleTable.shortName(table));
      if (target == null) {
        return Double.NaN;
      }
      for (StepKind step : which) {
        List<Double> rows = new ArrayList<>();
        List<Double> seconds = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
          StoredRun run = runs.get(i);
          double s = run.seconds(version(run), cell, List.of(table), List.of(step)).median();
          Long n = rowsOf(run).get(MiddleTable.shortName(table));
          if ((without == null || i != without) && !Double.isNaN(s) && n != null && s > 0) {
            rows.add(n.doubleValue());
            seconds.add(s);
          }
        }
        if (rows.isEmpty()) {
          continue; // a step this table does not have (no primary_key in a pk-now cell)
        }
        if (rows.size() < 2) {
          return Double.NaN;
        }
        sum +=
            LogLogFit.of(
                    rows.stream().mapToDouble(Double::doubleValue).toArray(),
                    seconds.stream().mapToDouble(Double::doubleValue).toArray())
                .predict(target);
      }
    }
    return sum;
  }

  /** A claim's predicted ratio: each side's steps and tables fitted and extrapolated. */
  private double predicted(Claim claim, Map<String, Long> at) {
    double subject = predictedSide(claim.subject(), at);
    double reference = predictedSide(claim.reference(), at);
    return subject / reference;
  }

  private double predictedSide(Claim.Side side, Map<String, Long> at) {
    List<String> tables =
        tables(side.cell()).stream()
            .filter(t -> side.tables().contains(MiddleTable.shortName(t)))
            .toList();
    return predicted(side.cell(), tables, side.steps(), null, at);
  }

  private List<String> tables(String cell) {
    StoredRun largest = runs.get(runs.size() - 1);
    return largest.tables(version(largest));
  }

  private static Sample total(StoredRun run, String cell) {
    return Answer.total(run, version(run), cell);
  }

  /** The version a scale run measured (its first but the control). */
  static String version(StoredRun run) {
    return run.versions().stream()
        .filter(v -> !v.endsWith(RunManifest.CONTROL_SUFFIX))
        .findFirst()
        .orElse("");
  }

  /** Rows per table (short name) a run copied: each table's COPY row count, any cell's. */
  static Map<String, Long> rowsOf(StoredRun run) {
    Map<String, Long> rows = new LinkedHashMap<>();
    String version = version(run);
    for (String table : run.tables(version)) {
      for (String cell : run.cells(version)) {
        Sample copied =
            run.sample(version, cell, List.of(table), List.of(StepKind.COPY), Measurements::rows);
        if (!copied.isEmpty()) {
          rows.put(MiddleTable.shortName(table), copied.values().get(0).longValue());
          break;
        }
      }
    }
    return rows;
  }

  static long totalRows(StoredRun run) {
    return rowsOf(run).values().stream().mapToLong(Long::longValue).sum();
  }

  /** "75,000 nodes" style label of a run: its first table's rows. */
  private static String label(StoredRun run) {
    Map<String, Long> rows = rowsOf(run);
    return rows.isEmpty()
        ? "–"
        : rowsLabel(Map.of(rows.keySet().iterator().next(), rows.values().iterator().next()));
  }

  static String rowsLabel(Map<String, Long> rows) {
    List<String> parts = new ArrayList<>();
    rows.forEach((t, n) -> parts.add(Formats.count(n) + " " + Markdown.text(t)));
    return String.join(", ", parts);
  }
}
