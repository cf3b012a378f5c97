package org.pgloadbench.compare;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.pgloadbench.analysis.Comparison;
import org.pgloadbench.dataset.MiddleTable;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.results.Sample;
import org.pgloadbench.results.StoredRun;
import org.pgloadbench.scenario.Axis;

/**
 * Two result sets of one scenario, matched by version, cell, table and step, plus a total per
 * version and cell. Two runs that differ only in an axis each holds fixed (one run all text, the
 * other all binary) are matched with that axis set aside; two runs of one version each are matched
 * across their versions (two builds of a server). What one side has and the other has not is
 * listed, not hidden.
 */
public record RunComparison(
    String baseSource,
    String newSource,
    List<String> setAside,
    List<Row> rows,
    List<String> onlyBase,
    List<String> onlyNew) {

  public static final String ALL_TABLES = "all";
  public static final String TOTAL = "total";

  /** One measurement on both sides. */
  public record Row(String version, String cell, String table, String step, Comparison comparison) {
    public boolean total() {
      return step.equals(TOTAL);
    }

    /** (new − base) / base, in percent. */
    public double deltaPercent() {
      return (comparison.ratio() - 1) * 100;
    }

    public String label() {
      return new Key(version, cell, table, step).label();
    }
  }

  private record Key(String version, String cell, String table, String step) {
    String label() {
      return String.join(" · ", "PostgreSQL " + version, cell, MiddleTable.shortName(table), step);
    }
  }

  public static RunComparison of(StoredRun base, StoredRun other) {
    List<String> setAside = new ArrayList<>();
    // each version as the rows show it: two runs of one version each show their pair
    UnaryOperator<String> shown = UnaryOperator.identity();
    if (base.versions().size() == 1
        && other.versions().size() == 1
        && !base.versions().equals(other.versions())) {
      String pair = base.versions().get(0) + "→" + other.versions().get(0);
      shown = version -> pair;
      setAside.add("PostgreSQL " + base.versions().get(0) + " → " + other.versions().get(0));
    }
    Set<String> fixed = fixedDifferentAxes(base, other);
    fixed.forEach(
        axis -> setAside.add(axis + ": " + onlyValue(base, axis) + " → " + onlyValue(other, axis)));
    Map<Key, Sample> left = samples(base, shown, fixed);
    Map<Key, Sample> right = samples(other, shown, fixed);
    addTotals(base, shown, left, right.keySet(), fixed);
    addTotals(other, shown, right, left.keySet(), fixed);
    List<Row> rows = new ArrayList<>();
    List<String> onlyBase = new ArrayList<>();
    List<String> onlyNew = new ArrayList<>();
    left.forEach(
        (key, sample) -> {
          Sample match = right.get(key);
          if (match == null) {
            onlyBase.add(key.label());
          } else if (!sample.isEmpty() && !match.isEmpty()) {
            rows.add(
                new Row(
                    key.version(),
                    key.cell(),
                    key.table(),
                    key.step(),
                    Comparison.of(sample.array(), match.array())));
          } else {
            (sample.isEmpty() ? onlyNew : onlyBase)
                .add(key.label() + " (failed on the other side)");
          }
        });
    right.keySet().stream().filter(k -> !left.containsKey(k)).forEach(k -> onlyNew.add(k.label()));
    // Each version and cell together, its total last.
    List<String> groups = new ArrayList<>();
    left.keySet().forEach(k -> groups.add(k.version() + "\n" + k.cell()));
    rows.sort(
        Comparator.comparingInt((Row r) -> groups.indexOf(r.version() + "\n" + r.cell()))
            .thenComparing(Row::total));
    return new RunComparison(base.source(), other.source(), setAside, rows, onlyBase, onlyNew);
  }

  /**
   * Per key, the seconds of each repetition; a total over tables and steps per version and cell.
   */
  private static Map<Key, Sample> samples(
      StoredRun results, UnaryOperator<String> shownVersion, Set<String> fixed) {
    Map<Key, Sample> samples = new LinkedHashMap<>();
    for (String version : results.versions()) {
      String shown = shownVersion.apply(version);
      for (String cell : results.cells(version)) {
        String key = cellKey(results, cell, fixed);
        List<StepKind> steps = results.steps(version, cell);
        for (String table : results.tables(version)) {
          for (StepKind step : steps) {
            Sample sample = results.seconds(version, cell, List.of(table), List.of(step));
            if (!sample.isEmpty() || sample.failed()) { // else never measured for this table
              samples.put(new Key(shown, key, table, step.yamlName()), sample);
            }
          }
        }
      }
    }
    return samples;
  }

  /**
   * Per version and cell, the total over the tables and steps both sides measured, so that a step
   * on one side only does not pass for a difference.
   */
  private static void addTotals(
      StoredRun results,
      UnaryOperator<String> shown,
      Map<Key, Sample> samples,
      Set<Key> otherSide,
      Set<String> fixed) {
    for (String version : results.versions()) {
      for (String cell : results.cells(version)) {
        Key any = new Key(shown.apply(version), cellKey(results, cell, fixed), ALL_TABLES, TOTAL);
        Set<String> tables = new LinkedHashSet<>();
        Set<StepKind> steps = new LinkedHashSet<>();
        for (Key key : samples.keySet()) {
          if (key.version().equals(any.version())
              && key.cell().equals(any.cell())
              && !key.step().equals(TOTAL)
              && otherSide.contains(key)) {
            tables.add(key.table());
            steps.add(StepKind.named(key.step()));
          }
        }
        if (!tables.isEmpty()) {
          samples.put(any, results.seconds(version, cell, tables, steps));
        }
      }
    }
  }

  /** Axes with one value in every cell of each side, a different one on each side. */
  private static Set<String> fixedDifferentAxes(StoredRun base, StoredRun other) {
    Set<String> fixed = new LinkedHashSet<>();
    for (String axis : axisValues(base).keySet()) {
      Set<String> left = axisValues(base).get(axis);
      Set<String> right = axisValues(other).get(axis);
      if (right != null && left.size() == 1 && right.size() == 1 && !left.equals(right)) {
        fixed.add(axis);
      }
    }
    return fixed;
  }

  private static Map<String, Set<String>> axisValues(StoredRun results) {
    Map<String, Set<String>> values = new LinkedHashMap<>();
    for (String version : results.versions()) {
      for (String cell : results.cells(version)) {
        results
            .axes(cell)
            .forEach(
                (axis, value) ->
                    values.computeIfAbsent(axis, a -> new LinkedHashSet<>()).add(value));
      }
    }
    return values;
  }

  private static String onlyValue(StoredRun results, String axis) {
    return axisValues(results).get(axis).iterator().next();
  }

  /** The cell's label without the parts of the axes set aside; "default" if nothing is left. */
  private static String cellKey(StoredRun results, String cell, Set<String> fixed) {
    if (fixed.isEmpty()) {
      return cell;
    }
    List<String> parts = new ArrayList<>(List.of(cell.split("\\+")));
    results
        .axes(cell)
        .forEach(
            (axis, value) -> {
              if (fixed.contains(axis)) {
                Axis.named(axis).ifPresent(a -> parts.remove(a.label(value)));
              }
            });
    return parts.isEmpty() ? "default" : String.join("+", parts);
  }

  /**
   * The rows significantly slower on the new side by more than {@code percent}, among the totals
   * only when {@code totalsOnly}: a gate on twenty millisecond steps fails identical builds by
   * chance far more often than one on totals.
   */
  public List<Row> slowerThan(double percent, boolean totalsOnly) {
    return rows.stream()
        .filter(r -> !totalsOnly || r.total())
        .filter(r -> r.comparison().verdict() == Comparison.Verdict.HIGHER)
        .filter(r -> r.deltaPercent() > percent)
        .toList();
  }
}
