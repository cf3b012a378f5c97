package org.pgloadbench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.pgloadbench.analysis.Comparison;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.render.Verdicts;
import org.pgloadbench.results.Sample;
import org.pgloadbench.results.StoredRun;

/**
 * A run's versions side by side: per cell, each step summed over the tables and the total, with
 * every version compared to a base version.
 */
public record VersionComparison(String base, List<String> versions, List<Row> rows) {
  public static final String TOTAL = "total";

  /**
   * One cell and step (or {@link #TOTAL}).
   *
   * @param samples per version, in {@link #versions} order; absent where not measured
   * @param comparisons per version other than the base, where both sides have values
   */
  public record Row(
      String cell, String step, Map<String, Sample> samples, Map<String, Comparison> comparisons) {
    public boolean total() {
      return step.equals(TOTAL);
    }
  }

  /**
   * The version a user names with {@code BASE_PG}: exact ({@code 16.10}) or by major ({@code 16});
   * the oldest when none is named.
   */
  public static Optional<String> base(List<String> versions, String requested) {
    if (requested == null || requested.isBlank()) {
      return versions.stream().findFirst();
    }
    String wanted = requested.strip();
    return versions.stream()
        .filter(v -> v.equals(wanted))
        .findFirst()
        .or(() -> versions.stream().filter(v -> v.startsWith(wanted + ".")).findFirst());
  }

  /** The comparison of a run with two or more versions; {@code base} as {@link #base}. */
  public static VersionComparison of(StoredRun results, String requestedBase) {
    List<String> versions = results.versions();
    String base =
        base(versions, requestedBase)
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "BASE_PG="
                            + requestedBase
                            + ": no such version in this run; it has "
                            + String.join(", ", versions)));
    Set<String> cells = new LinkedHashSet<>();
    versions.forEach(v -> cells.addAll(results.cells(v)));
    List<Row> rows = new ArrayList<>();
    for (String cell : cells) {
      Set<StepKind> steps = new LinkedHashSet<>();
      versions.forEach(v -> steps.addAll(results.steps(v, cell)));
      for (StepKind step : steps) {
        rows.add(row(results, versions, base, cell, step.yamlName(), List.of(step)));
      }
      rows.add(row(results, versions, base, cell, TOTAL, List.copyOf(steps)));
    }
    return new VersionComparison(base, versions, rows);
  }

  private static Row row(
      StoredRun results,
      List<String> versions,
      String base,
      String cell,
      String step,
      List<StepKind> steps) {
    Map<String, Sample> samples = new LinkedHashMap<>();
    for (String version : versions) {
      if (results.cells(version).contains(cell)) {
        samples.put(version, results.seconds(version, cell, results.tables(version), steps));
      }
    }
    Map<String, Comparison> comparisons = new LinkedHashMap<>();
    Sample baseSample = samples.get(base);
    for (Map.Entry<String, Sample> e : samples.entrySet()) {
      if (!e.getKey().equals(base)
          && baseSample != null
          && !baseSample.isEmpty()
          && !e.getValue().isEmpty()) {
        comparisons.put(e.getKey(), Comparison.of(baseSample.array(), e.getValue().array()));
      }
    }
    return new Row(cell, step, samples, comparisons);
  }

  /** The total rows only, one per cell. */
  public List<Row> totals() {
    return rows.stream().filter(Row::total).toList();
  }

  /** The warning when this run's repetitions can never give a significant verdict, else empty. */
  public String tooSmallToDecide() {
    // The best-measured comparison: if even it cannot reach significance, none can.
    int most = 0;
    for (Row row : rows) {
      for (Comparison c : row.comparisons().values()) {
        most = Math.max(most, Math.min(c.base().n(), c.other().n()));
      }
    }
    return Verdicts.tooSmallToDecide(most, most);
  }
}
