package org.pgloadbench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.pgloadbench.analysis.Comparison;
import org.pgloadbench.analysis.Comparison.Verdict;
import org.pgloadbench.analysis.StartVariance;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.render.Verdicts;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.results.Sample;
import org.pgloadbench.results.Starts;
import org.pgloadbench.results.StoredRun;

/**
 * A run's versions side by side: per cell, each step summed over the tables and the total, with
 * every version compared to a base version; and, where the run had a control (a second instance of
 * the base server), what the machine's drift alone made of two identical servers.
 *
 * @param control the control compared with the base over every cell's total per round, or null when
 *     the run had none
 * @param paired whether the servers ran round by round, so that every comparison pairs the rounds
 * @param starts which server start each round fell in: with several, a start is the unit of every
 *     comparison here, all of them between servers
 */
public record VersionComparison(
    String base,
    List<String> versions,
    List<Row> rows,
    Control control,
    boolean paired,
    Starts starts) {
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
   * The A/A comparison of a run: its control against the base, over the sum of every cell's total
   * per round.
   *
   * @param label the control's label in results
   * @param comparison control against base, paired by round
   * @param detectable the smallest ratio away from 1 that this run's pairs could tell from noise
   *     with 80% power (e.g. 0.04 for 4%), from the spread of the control's per-round log ratios
   *     (over starts: of its starts' mean log ratios, by the t test); NaN with fewer than 3 units
   */
  public record Control(String label, Comparison comparison, double detectable) {
    /** Whether the control differs from its twin: the machine drifted, no verdict is trusted. */
    public boolean drifting() {
      return comparison.verdict() == Verdict.LOWER || comparison.verdict() == Verdict.HIGHER;
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

  /**
   * The base {@link #base} finds, else the error naming what the run has; {@code what} its servers
   * are called there: a "version" compared, a "server" that counted instructions.
   */
  static String baseOrFail(List<String> servers, String requested, String what) {
    return base(servers, requested)
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "BASE_PG=%s: no such %s in this run; it has %s"
                        .formatted(requested, what, String.join(", ", servers))));
  }

  /** The comparison of a run with two or more versions; {@code base} as {@link #base}. */
  public static VersionComparison of(StoredRun results, String requestedBase) {
    List<String> versions = results.versions();
    String base = baseOrFail(versions, requestedBase, "version");
    List<Row> rows = new ArrayList<>();
    for (String cell : results.cells()) {
      Set<StepKind> steps = new LinkedHashSet<>();
      versions.forEach(v -> steps.addAll(results.steps(v, cell)));
      for (StepKind step : steps) {
        rows.add(row(results, versions, base, cell, step.yamlName(), List.of(step)));
      }
      rows.add(row(results, versions, base, cell, TOTAL, List.copyOf(steps)));
    }
    return new VersionComparison(
        base,
        versions,
        holm(rows),
        control(results, base, versions),
        results.manifest().paired(),
        results.manifest().starts());
  }

  /**
   * Holm's correction within each table: the totals are one family, the steps another. The control
   * stays out of both: it checks the machine, and a correction would only make it slower to flag
   * drift.
   */
  private static List<Row> holm(List<Row> rows) {
    Map<List<Object>, Comparison> totals = new LinkedHashMap<>();
    Map<List<Object>, Comparison> steps = new LinkedHashMap<>();
    for (int i = 0; i < rows.size(); i++) {
      for (Map.Entry<String, Comparison> e : rows.get(i).comparisons().entrySet()) {
        if (!e.getKey().endsWith(RunManifest.CONTROL_SUFFIX)) {
          (rows.get(i).total() ? totals : steps).put(List.of(i, e.getKey()), e.getValue());
        }
      }
    }
    Map<List<Object>, Comparison> corrected = Comparison.holm(totals);
    corrected.putAll(Comparison.holm(steps));
    // each comparison, in the maps row() made, replaced by its corrected self
    for (int i = 0; i < rows.size(); i++) {
      int at = i;
      rows.get(i).comparisons().replaceAll((v, c) -> corrected.getOrDefault(List.of(at, v), c));
    }
    return rows;
  }

  public List<Row> steps() {
    return rows.stream().filter(r -> !r.total()).toList();
  }

  /** The control of a run whose servers ran round by round, against the base; null without. */
  private static Control control(StoredRun results, String base, List<String> versions) {
    String label = base + RunManifest.CONTROL_SUFFIX;
    if (!results.manifest().paired() || !versions.contains(label)) {
      return null;
    }
    // the control is a twin of one of the base's server starts (one profile, cap, standby): the
    // base is summed over the cells that one ran
    List<String> cells = results.cells(label);
    Map<Integer, Double> baseRounds = results.totalsPerRound(base, cells);
    Map<Integer, Double> controlRounds = results.totalsPerRound(label, cells);
    if (baseRounds.isEmpty() || controlRounds.isEmpty()) {
      return null;
    }
    Starts starts = results.manifest().starts();
    Comparison c = Comparison.overStarts(baseRounds, controlRounds, 1, starts);
    Map<Integer, Double> logRatios = Comparison.logRatios(baseRounds, controlRounds);
    // over starts, the units are the starts' mean log ratios, and the t test judges them
    return new Control(
        label,
        c,
        starts.several()
            ? StartVariance.detectable(starts.means(logRatios))
            : detectable(List.copyOf(logRatios.values())));
  }

  /**
   * The smallest ratio away from 1 that a paired test could tell from noise with 80% power at α =
   * 0.05, for pairs whose log ratios spread as these do: (z(0.975) + z(0.8)) × sd / √n, by the
   * normal approximation.
   */
  static double detectable(List<Double> logRatios) {
    int n = logRatios.size();
    if (n < Comparison.MIN_SAMPLES) {
      return Double.NaN;
    }
    double mean = logRatios.stream().mapToDouble(Double::doubleValue).average().orElse(0);
    double variance = logRatios.stream().mapToDouble(d -> (d - mean) * (d - mean)).sum() / (n - 1);
    return Math.exp((1.959964 + 0.841621) * Math.sqrt(variance / n)) - 1;
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
    if (baseSample != null && !baseSample.isEmpty()) {
      RunManifest run = results.manifest();
      samples.forEach(
          (version, sample) -> {
            if (!version.equals(base) && !sample.isEmpty()) {
              comparisons.put(
                  version, Comparison.between(baseSample, sample, run.paired(), run.starts()));
            }
          });
    }
    return new Row(cell, step, samples, comparisons);
  }

  public List<Row> totals() {
    return rows.stream().filter(Row::total).toList();
  }

  /** The warning when this run's repetitions can never give a significant verdict, else empty. */
  public String tooSmallToDecide() {
    if (starts.several()) {
      // Student's t over starts reaches any p with 3 starts or more; below, no verdict at all
      int most =
          rows.stream()
              .flatMap(r -> r.comparisons().values().stream())
              .mapToInt(Comparison::pairs)
              .max()
              .orElse(0);
      return most >= Comparison.MIN_SAMPLES
          ? ""
          : "With "
              + most
              + " server start(s) no comparison between servers has a verdict: it needs "
              + Comparison.MIN_SAMPLES
              + " (more rounds, or fewer per start: restart:).";
    }
    // The best-measured comparison in the smaller family (the totals, the control standing apart
    // as in holm): if even it cannot reach significance, none can.
    int totals =
        (int)
            totals().stream()
                .flatMap(r -> r.comparisons().keySet().stream())
                .filter(v -> !v.endsWith(RunManifest.CONTROL_SUFFIX))
                .count();
    return Verdicts.tooFew(
        rows.stream().flatMap(r -> r.comparisons().values().stream()).toList(), totals);
  }
}
