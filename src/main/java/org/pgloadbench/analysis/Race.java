package org.pgloadbench.analysis;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pgloadbench.analysis.Comparison.Verdict;
import org.pgloadbench.results.Sample;
import org.pgloadbench.results.StoredRun;

/**
 * A race of cells instead of the full matrix ({@code recommend}): every cell still in runs each
 * round, and after each look a cell significantly slower than the current best, by the one-sided
 * exact signed-rank test on their per-round totals, Holm-corrected over the cells still in, leaves.
 * The significance a look needs is spent over the looks as {@link Looks} spends it, so that a cell
 * as fast as the best is seldom dropped however long the race goes on.
 */
public final class Race {
  private Race() {}

  /**
   * One look at the race.
   *
   * @param best the cell with the lowest median total among those in
   * @param againstBest each other cell in against the best, paired by round; {@code pHigher} is the
   *     one-sided p that it is slower
   * @param holm each other cell's one-sided p, Holm-corrected over the cells in
   * @param leaving the cells whose corrected p crossed the look's threshold
   * @param tied whether every cell left in is the best's equal within the precision: the 95%
   *     interval of its ratio to the best lies within 1 ± precision
   */
  public record Look(
      String best,
      Map<String, Comparison> againstBest,
      Map<String, Double> holm,
      List<String> leaving,
      boolean tied) {}

  /** The race on {@code version} among the cells {@code in}, at look {@code look}. */
  public static Look look(
      StoredRun soFar, String version, Collection<String> in, int look, double precision) {
    Map<String, Sample> totals = new LinkedHashMap<>();
    in.forEach(cell -> totals.put(cell, soFar.total(version, cell)));
    totals.values().removeIf(Sample::isEmpty);
    String best =
        totals.entrySet().stream()
            .min(Comparator.comparingDouble(e -> e.getValue().median()))
            .map(Map.Entry::getKey)
            .orElse(null);
    Map<String, Comparison> againstBest = new LinkedHashMap<>();
    if (best == null) {
      return new Look(null, againstBest, Map.of(), List.of(), false);
    }
    totals.forEach(
        (cell, total) -> {
          if (!cell.equals(best)) {
            againstBest.put(
                cell, Comparison.paired(totals.get(best).byRepetition(), total.byRepetition()));
          }
        });
    List<String> others = List.copyOf(againstBest.keySet());
    double[] adjusted =
        Holm.adjust(
            againstBest.values().stream()
                .mapToDouble(c -> c.verdict() == Verdict.TOO_FEW ? Double.NaN : c.pHigher())
                .toArray());
    Map<String, Double> holm = new LinkedHashMap<>();
    List<String> leaving = new ArrayList<>();
    boolean tied = true;
    for (int i = 0; i < others.size(); i++) {
      String cell = others.get(i);
      holm.put(cell, adjusted[i]);
      if (adjusted[i] <= Looks.threshold(look)) {
        leaving.add(cell);
      }
      Comparison c = againstBest.get(cell);
      tied &= c.ratioLow() >= 1 - precision && c.ratioHigh() <= 1 + precision;
    }
    // a cell that did not run (every load failed) leaves too: it cannot win
    in.stream().filter(c -> !totals.containsKey(c)).forEach(leaving::add);
    return new Look(best, againstBest, holm, leaving, tied && leaving.isEmpty());
  }
}
