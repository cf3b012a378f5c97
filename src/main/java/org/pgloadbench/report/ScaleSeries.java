package org.pgloadbench.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pgloadbench.analysis.Answer;
import org.pgloadbench.analysis.LogLogFit;
import org.pgloadbench.dataset.MiddleTable;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.render.Formats;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.results.Measurements;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.results.Sample;
import org.pgloadbench.results.StoredRun;
import org.pgloadbench.scenario.Claim;

/**
 * One scenario run at several scales, in order of the rows they loaded, and what their times
 * predict: each step's time on each table fitted against the table's rows on log-log axes, and
 * extrapolated.
 *
 * @param runs smallest first
 * @param version the largest run's version, as its cells and baseline cell: those the tables show
 */
record ScaleSeries(List<StoredRun> runs, String version, List<String> cells, String baseline) {
  /** {@code runs} at any order; they are sorted by the rows they loaded. */
  static ScaleSeries of(List<StoredRun> runs) {
    List<StoredRun> sorted = new ArrayList<>(runs);
    sorted.sort(Comparator.comparingLong(ScaleSeries::totalRows));
    StoredRun largest = sorted.get(sorted.size() - 1);
    String version = version(largest);
    return new ScaleSeries(sorted, version, largest.cells(version), Answer.baseline(largest));
  }

  StoredRun largest() {
    return runs.get(runs.size() - 1);
  }

  /** The rows to predict at: the given ones, in the runs' table order, for the headings. */
  Map<String, Long> inTableOrder(Map<String, Long> given) {
    Map<String, Long> predict = new LinkedHashMap<>();
    rowsOf(largest()).keySet().stream()
        .filter(given::containsKey)
        .forEach(t -> predict.put(t, given.get(t)));
    given.forEach(predict::putIfAbsent);
    return predict;
  }

  /** A cell's time over the tables at {@code at}'s rows, each table fitted (without one run). */
  double predicted(String cell, Integer without, Map<String, Long> at) {
    return predicted(cell, tables(), null, without, at);
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
    StoredRun largest = largest();
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
  double predicted(Claim claim, Map<String, Long> at) {
    return predicted(claim.subject(), at) / predicted(claim.reference(), at);
  }

  private double predicted(Claim.Side side, Map<String, Long> at) {
    return predicted(
        side.cell(), ClaimsSection.tables(largest(), version, side), side.steps(), null, at);
  }

  List<String> tables() {
    return largest().tables(version);
  }

  static Sample total(StoredRun run, String cell) {
    return run.total(version(run), cell);
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
  static String label(StoredRun run) {
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
