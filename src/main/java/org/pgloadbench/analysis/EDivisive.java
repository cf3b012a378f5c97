package org.pgloadbench.analysis;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;

/**
 * Change points of a series by the E-divisive method (Matteson and James, "A Nonparametric Approach
 * for Multiple Change Point Analysis of Multivariate Data", JASA 2014), as Apache Otava (hunter)
 * and MongoDB's CI find performance changes: the split of a segment that maximises the energy
 * statistic between its two sides, segments split again one change point at a time, each new change
 * point kept only when a permutation test finds it significant.
 *
 * <p>The statistic of splitting {@code x[from, to)} at {@code tau} into {@code X} (m points) and
 * {@code Y} (n points) is {@code q = mn/(m+n) * (2 mean|X-Y| - mean|X-X'| - mean|Y-Y'|)}, with
 * distances {@code |a - b|} (exponent 1) and the within-side means over distinct pairs: large when
 * the two sides differ in any way, not only in their means; it assumes no distribution. As Otava
 * does, the segment's end is its own end (the paper also searches it).
 *
 * <p>False alarms: the first change point is kept only when the largest statistic of the whole
 * series is reached or beaten by at most {@code alpha} of the series made by shuffling it. Under no
 * change (values exchangeable, as runs of one build on one machine are) that test is exact, so the
 * share of unchanged series in which any change point is reported is at most {@code alpha}
 * (EDivisiveTest measures it). Later change points are tested the same way, shuffling within the
 * segments found so far.
 */
public final class EDivisive {
  private final double alpha;
  private final int permutations;
  private final int minSegment;
  private final long seed;

  /** A change point: the index of the first point after it, and its permutation p-value. */
  public record ChangePoint(int index, double p) {}

  private record Split(int index, double q) {}

  /**
   * @param alpha the largest p-value at which a change point is kept, e.g. 0.05
   * @param permutations the shuffled series each test compares against, e.g. 199
   * @param minSegment the fewest points on either side of a change point, at least 2
   * @param seed the shuffles' seed: the same series gives the same change points
   */
  public EDivisive(double alpha, int permutations, int minSegment, long seed) {
    if (!(alpha > 0 && alpha < 1) || permutations < 1 || minSegment < 2) {
      throw new IllegalArgumentException("alpha in (0, 1), permutations >= 1, minSegment >= 2");
    }
    this.alpha = alpha;
    this.permutations = permutations;
    this.minSegment = minSegment;
    this.seed = seed;
  }

  /** The series' change points, by index. */
  public List<ChangePoint> changePoints(double[] series) {
    Random random = new Random(seed);
    TreeSet<Integer> bounds = new TreeSet<>(List.of(0, series.length));
    List<ChangePoint> found = new ArrayList<>();
    while (true) {
      Split best = bestSplit(series, bounds);
      if (best == null) {
        break;
      }
      int asLarge = 0;
      double[] shuffled = series.clone();
      for (int r = 0; r < permutations; r++) {
        shuffleWithin(shuffled, bounds, random);
        Split split = bestSplit(shuffled, bounds);
        if (split != null && split.q() >= best.q()) {
          asLarge++;
        }
      }
      double p = (asLarge + 1.0) / (permutations + 1.0);
      if (p > alpha) {
        break;
      }
      found.add(new ChangePoint(best.index(), p));
      bounds.add(best.index());
    }
    found.sort(Comparator.comparingInt(ChangePoint::index));
    return found;
  }

  /** The largest split over every segment between consecutive bounds; null if none can split. */
  private Split bestSplit(double[] x, TreeSet<Integer> bounds) {
    Split best = null;
    Integer from = bounds.first();
    for (Integer to = bounds.higher(from); to != null; from = to, to = bounds.higher(to)) {
      Split split = bestSplit(x, from, to);
      if (split != null && (best == null || split.q() > best.q())) {
        best = split;
      }
    }
    return best;
  }

  /**
   * The split of {@code x[from, to)} with the largest statistic, both sides at least {@code
   * minSegment} long; null when the segment is too short. One pass moves a point at a time from the
   * right side to the left, updating the three sums of distances: O(n²) per segment.
   */
  private Split bestSplit(double[] x, int from, int to) {
    if (to - from < 2 * minSegment) {
      return null;
    }
    double left = 0;
    double cross = 0;
    double right = 0;
    for (int i = from; i < to; i++) {
      for (int j = i + 1; j < to; j++) {
        right += Math.abs(x[i] - x[j]);
      }
    }
    Split best = null;
    for (int tau = from + 1; tau < to; tau++) {
      double moved = x[tau - 1];
      double toLeft = 0;
      for (int i = from; i < tau - 1; i++) {
        toLeft += Math.abs(moved - x[i]);
      }
      double toRight = 0;
      for (int j = tau; j < to; j++) {
        toRight += Math.abs(moved - x[j]);
      }
      left += toLeft;
      right -= toRight;
      cross += toRight - toLeft;
      int m = tau - from;
      int n = to - tau;
      if (m >= minSegment && n >= minSegment) {
        double energy =
            2 * cross / ((double) m * n)
                - 2 * left / ((double) m * (m - 1))
                - 2 * right / ((double) n * (n - 1));
        double q = (double) m * n / (m + n) * energy;
        if (best == null || q > best.q()) {
          best = new Split(tau, q);
        }
      }
    }
    return best;
  }

  /** Shuffles each segment between consecutive bounds in place (Fisher-Yates). */
  private static void shuffleWithin(double[] x, TreeSet<Integer> bounds, Random random) {
    Integer from = bounds.first();
    for (Integer to = bounds.higher(from); to != null; from = to, to = bounds.higher(to)) {
      for (int i = to - 1; i > from; i--) {
        int j = from + random.nextInt(i - from + 1);
        double swap = x[i];
        x[i] = x[j];
        x[j] = swap;
      }
    }
  }
}
