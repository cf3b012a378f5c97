package org.pgloadbench.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.stat.ranking.NaNStrategy;
import org.apache.commons.math3.stat.ranking.NaturalRanking;
import org.apache.commons.math3.stat.ranking.TiesStrategy;

/**
 * The Wilcoxon signed-rank test, one-sided and exact: do paired differences tend to be below zero?
 * It is the test for loads measured in the same round (two servers, or two cells, loaded one after
 * the other within a few seconds): the machine's drift between rounds falls on both sides of each
 * pair and cancels in the difference, which two independent samples (Mann-Whitney) cannot do.
 *
 * <p>The p-value is exact: every one of the 2^n ways of signing the ranked differences is equally
 * likely under the hypothesis of no difference, and their statistics are counted by a recurrence
 * over the ranks. Ties among the absolute differences take their average rank (doubled, so the
 * recurrence stays on whole numbers): the permutation distribution conditional on those ranks. Zero
 * differences say nothing about the direction and are left out, as Wilcoxon did.
 */
public final class SignedRank {
  /** Beyond this many pairs the counts of 2^n signings leave a double: the normal approximation. */
  private static final int EXACT_LIMIT = 500;

  private SignedRank() {}

  /**
   * P(W ≤ w) under the hypothesis of no difference, where W sums the ranks of the positive
   * differences: small when the differences tend to be negative. 1 when no difference is non-zero.
   */
  public static double pLower(double[] differences) {
    double[] nonZero = Arrays.stream(differences).filter(d -> d != 0).toArray();
    int n = nonZero.length;
    if (n == 0) {
      return 1;
    }
    int[] doubledRanks = doubledRanks(nonZero);
    int observed = 0;
    int total = 0;
    for (int i = 0; i < n; i++) {
      total += doubledRanks[i];
      if (nonZero[i] > 0) {
        observed += doubledRanks[i];
      }
    }
    if (n > EXACT_LIMIT) {
      return normal(doubledRanks, observed);
    }
    double[] ways = ways(doubledRanks, total);
    double atMost = 0;
    for (int s = 0; s <= observed; s++) {
      atMost += ways[s];
    }
    return Math.min(1, atMost / Math.pow(2, n));
  }

  /**
   * The largest w such that P(W ≤ w) ≤ {@code alpha} for n pairs without ties, or -1 when even w =
   * 0 has a larger probability (n too small): what bounds an exact confidence interval from the
   * Walsh averages.
   */
  static int lowerCritical(int n, double alpha) {
    if (n > EXACT_LIMIT) {
      double mean = n * (n + 1) / 4.0;
      double sd = Math.sqrt(n * (n + 1) * (2 * n + 1) / 24.0);
      return (int)
          Math.floor(mean + sd * new NormalDistribution().inverseCumulativeProbability(alpha));
    }
    int total = n * (n + 1); // the doubled ranks 2, 4, ..., 2n summed
    double[] ways = ways(IntStream.rangeClosed(1, n).map(r -> 2 * r).toArray(), total);
    double all = Math.pow(2, n);
    double atMost = 0;
    int critical = -1;
    for (int w = 0; w <= total / 2; w++) {
      atMost += ways[2 * w];
      if (atMost / all > alpha) {
        break;
      }
      critical = w;
    }
    return critical;
  }

  /**
   * The interval of the median of these sorted differences at two-sided {@code alpha}: the Walsh
   * averages that bound the Hodges-Lehmann interval; with too few differences for one, the lowest
   * and the highest; NaN for none.
   */
  static double[] interval(double[] sorted, double alpha) {
    int n = sorted.length;
    if (n == 0) {
      return new double[] {Double.NaN, Double.NaN};
    }
    int critical = lowerCritical(n, alpha / 2);
    if (critical < 0) {
      return new double[] {sorted[0], sorted[n - 1]};
    }
    List<Double> walsh = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      for (int j = i; j < n; j++) {
        walsh.add((sorted[i] + sorted[j]) / 2);
      }
    }
    walsh.sort(null);
    int k = critical + 1; // the k-th smallest and k-th largest Walsh averages, 1-based
    return new double[] {walsh.get(k - 1), walsh.get(walsh.size() - k)};
  }

  /** ways[s]: the signings of the doubled ranks whose positive ranks sum to s. */
  private static double[] ways(int[] doubledRanks, int total) {
    double[] ways = new double[total + 1];
    ways[0] = 1;
    int reach = 0;
    for (int rank : doubledRanks) {
      for (int s = reach; s >= 0; s--) {
        if (ways[s] != 0) {
          ways[s + rank] += ways[s];
        }
      }
      reach += rank;
    }
    return ways;
  }

  /** P(W ≤ w) by the normal approximation with the ties' variance and a continuity correction. */
  private static double normal(int[] doubledRanks, int observedDoubled) {
    double mean = 0;
    double variance = 0;
    for (int r : doubledRanks) {
      mean += r / 4.0;
      variance += (r / 2.0) * (r / 2.0) / 4.0;
    }
    double z = (observedDoubled / 2.0 + 0.5 - mean) / Math.sqrt(variance);
    return new NormalDistribution().cumulativeProbability(z);
  }

  /**
   * The smallest one-sided p any n pairs can give: 1 / 2^n, when every difference has the same
   * sign. With 4 pairs it is 0.0625, so a one-sided test at 0.05 needs 5, a two-sided one 6.
   */
  public static double smallestOneSidedP(int pairs) {
    return Math.pow(2, -pairs);
  }

  /** Twice the average rank of each absolute difference among all of them (1-based ranks). */
  private static int[] doubledRanks(double[] values) {
    NaturalRanking ranking = new NaturalRanking(NaNStrategy.MAXIMAL, TiesStrategy.AVERAGE);
    double[] ranks = ranking.rank(Arrays.stream(values).map(Math::abs).toArray());
    return Arrays.stream(ranks).mapToInt(r -> (int) (2 * r)).toArray();
  }
}
