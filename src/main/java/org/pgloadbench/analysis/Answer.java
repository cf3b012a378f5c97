package org.pgloadbench.analysis;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.pgloadbench.analysis.Comparison.Verdict;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.results.Sample;
import org.pgloadbench.results.StoredRun;
import org.pgloadbench.scenario.Axis;

/**
 * What a user runs the harness for, in one place: on each version, every cell's total against the
 * baseline cell (what they do today), the fastest cell or the cells that cannot be told apart from
 * it, and the scenario's claims. Each table's comparisons are one family for Holm's correction.
 *
 * @param baseline the cell the others are compared with
 * @param tables one per version measured, the control left out (it measures the machine)
 * @param claims the scenario's claims, checked as {@link Claims#check} does
 */
public record Answer(String baseline, List<Table> tables, List<ClaimCheck> claims) {

  /**
   * One cell on one version.
   *
   * @param total seconds per repetition, every table and step summed
   * @param comparison against the baseline, Holm-corrected within the table; null for the baseline
   *     itself, or where either side has no complete repetition
   * @param escaped the larger share of the cell's and the baseline's written bytes that escaped
   *     their disk limit ({@link EscapedWrites}); NaN where neither disk was limited
   */
  public record Row(String cell, Sample total, Comparison comparison, double escaped) {
    /** Whether its verdict stands: not where its writes escaped the disk limit it was run on. */
    public boolean judged() {
      return EscapedWrites.judged(escaped);
    }
  }

  /**
   * A version's cells against the baseline.
   *
   * @param fastest the cell with the lowest median total first, then those not significantly slower
   *     than it (Holm over the comparisons with it): one cell when it is clearly fastest
   * @param againstFastest each other cell against the fastest, Holm-corrected
   */
  public record Table(
      String version,
      List<Row> rows,
      List<String> fastest,
      Map<String, Comparison> againstFastest) {

    /** The row of a cell, or null. */
    public Row row(String cell) {
      return rows.stream().filter(r -> r.cell().equals(cell)).findFirst().orElse(null);
    }

    /** Whether one cell is significantly faster than every other. */
    public boolean clearWinner() {
      return fastest.size() == 1 && rows.stream().filter(r -> !r.total().isEmpty()).count() > 1;
    }
  }

  /** The answer of a stored run (or of the rounds a run has stored so far). */
  public static Answer of(StoredRun run) {
    boolean paired = run.manifest().paired();
    String baseline = baseline(run);
    List<Table> tables =
        run.versions().stream()
            .filter(version -> !version.endsWith(RunManifest.CONTROL_SUFFIX))
            .map(version -> table(run, version, baseline, paired))
            .toList();
    List<ClaimCheck> claims =
        Claims.check(run.manifest().scenario().claims(), run.measured(), paired, run.manifest());
    return new Answer(baseline, tables, claims);
  }

  private static Table table(StoredRun run, String version, String baseline, boolean paired) {
    Map<String, Sample> totals = new LinkedHashMap<>();
    run.cells(version).forEach(cell -> totals.put(cell, run.total(version, cell)));
    Map<String, Comparison> againstBaseline = against(run, version, baseline, totals, paired);
    List<Row> rows = new ArrayList<>();
    double baseEscaped = EscapedWrites.of(run.measured(), version, baseline);
    totals.forEach(
        (cell, total) -> {
          double escaped =
              EscapedWrites.larger(EscapedWrites.of(run.measured(), version, cell), baseEscaped);
          rows.add(new Row(cell, total, againstBaseline.get(cell), escaped));
        });
    String first =
        totals.entrySet().stream()
            .filter(e -> !e.getValue().isEmpty())
            .min(Comparator.comparingDouble(e -> e.getValue().summary().median()))
            .map(Map.Entry::getKey)
            .orElse(null);
    Map<String, Comparison> againstFastest = against(run, version, first, totals, paired);
    List<String> fastest = new ArrayList<>(first == null ? List.of() : List.of(first));
    againstFastest.forEach(
        (cell, c) -> {
          if (c.verdict() != Verdict.HIGHER) {
            fastest.add(cell);
          }
        });
    return new Table(version, rows, fastest, againstFastest);
  }

  /**
   * Every other cell with a total against {@code reference}, Holm-corrected together, in the
   * table's order; none where the reference (or null: no cell) has no total.
   */
  private static Map<String, Comparison> against(
      StoredRun run, String version, String reference, Map<String, Sample> totals, boolean paired) {
    Sample base = totals.get(reference);
    Map<String, Comparison> family = new LinkedHashMap<>();
    totals.forEach(
        (cell, total) -> {
          if (!cell.equals(reference) && base != null && !base.isEmpty() && !total.isEmpty()) {
            family.put(
                cell,
                Comparison.between(
                    base,
                    total,
                    paired,
                    run.manifest().startsBetween(version, reference, version, cell)));
          }
        });
    return Comparison.holm(family);
  }

  /**
   * The baseline of a run: the cell its scenario names ({@code baseline:}), else the cell with
   * every axis at its default (what osm2pgsql does today in the shipped scenarios), else the first.
   */
  public static String baseline(StoredRun run) {
    List<String> cells = new ArrayList<>();
    run.manifest().scenario().cells().forEach(c -> cells.add(c.label()));
    run.cells().stream().filter(c -> !cells.contains(c)).forEach(cells::add);
    String named = run.manifest().scenario().baseline();
    if (named != null && cells.contains(named)) {
      return named;
    }
    Map<String, Map<String, String>> axes = new LinkedHashMap<>();
    run.manifest().scenario().cells().forEach(c -> axes.put(c.label(), c.axes()));
    return cells.stream()
        .filter(
            cell -> {
              Map<String, String> stated = axes.get(cell);
              return allDefaults(stated == null || stated.isEmpty() ? run.axes(cell) : stated);
            })
        .findFirst()
        .orElse(cells.isEmpty() ? null : cells.get(0));
  }

  private static boolean allDefaults(Map<String, String> axes) {
    return axes.entrySet().stream()
        .allMatch(
            e ->
                Axis.named(e.getKey())
                    .map(a -> a.defaultValue().equals(e.getValue()))
                    .orElse(false));
  }

  /**
   * How many claim checks came out as published, smaller here, larger here and not judged; the
   * claim the scenario calibrated its disk on is left out.
   */
  public Map<Size, Integer> sizeTally() {
    Map<Size, Integer> tally = new LinkedHashMap<>();
    Stream.of(Size.values()).filter(s -> s != Size.NONE).forEach(s -> tally.put(s, 0));
    claims.stream()
        .filter(c -> !c.claim().calibrates()) // chosen to come out as published: tests nothing
        .map(ClaimCheck::size)
        .filter(s -> s != Size.NONE)
        .forEach(s -> tally.merge(s, 1, Integer::sum));
    return tally;
  }

  /** How many claim checks came out held, not held, inconclusive and without a verdict. */
  public Map<ClaimCheck.Verdict, Integer> tally() {
    Map<ClaimCheck.Verdict, Integer> tally = new LinkedHashMap<>();
    Stream.of(ClaimCheck.Verdict.values()).forEach(v -> tally.put(v, 0));
    claims.forEach(c -> tally.merge(c.verdict(), 1, Integer::sum));
    return tally;
  }
}
