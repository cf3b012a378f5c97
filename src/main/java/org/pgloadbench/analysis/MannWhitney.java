package org.pgloadbench.analysis;

import java.util.Arrays;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.util.CombinatoricsUtils;
import org.apache.commons.math3.util.MathArrays;

/**
 * The Mann-Whitney U test, one-sided: does {@code x} tend to be lower than {@code y}? It assumes
 * nothing about the shape of the distributions, which suits benchmark timings (skewed, a few slow
 * outliers) and the handful of repetitions a load takes.
 *
 * <p>The p-value is exact for small samples: from the distribution of U over every way of splitting
 * the pooled values into the two groups (counted by recurrence without ties, enumerated with ties).
 * Larger samples use the normal approximation with tie and continuity corrections.
 */
public final class MannWhitney {
  /** Largest pooled sample for the exact distribution without ties (C(40, 20) fits a double). */
  private static final int EXACT_LIMIT = 40;

  /** Largest number of splits enumerated when values tie across the groups. */
  private static final long ENUMERATION_LIMIT = 200_000;

  private MannWhitney() {}

  /**
   * P(U ≤ u) under the hypothesis that both samples come from one distribution, where U counts the
   * pairs (x, y) with x > y, ties counting one half: small when {@code x} tends to be lower.
   */
  public static double pLower(double[] x, double[] y) {
    require(x, y);
    double u = u(x, y);
    int m = x.length;
    int n = y.length;
    if (!tiesAcross(x, y)) {
      if (m + n <= EXACT_LIMIT) {
        return exactNoTies(m, n, u);
      }
    } else if (CombinatoricsUtils.binomialCoefficientDouble(m + n, m) <= ENUMERATION_LIMIT) {
      return enumerated(x, y, u);
    }
    return normal(x, y, u);
  }

  /** U: the pairs with x > y, plus half the pairs with x == y. */
  static double u(double[] x, double[] y) {
    double u = 0;
    for (double a : x) {
      for (double b : y) {
        u += a > b ? 1 : a == b ? 0.5 : 0;
      }
    }
    return u;
  }

  /** P(U ≤ u) by the recurrence on the number of splits of m + n distinct values by U. */
  static double exactNoTies(int m, int n, double u) {
    // counts[j][k]: splits of (i x-values, j y-values) with U = k, built up over i
    int max = m * n;
    double[][] counts = new double[n + 1][max + 1];
    for (int j = 0; j <= n; j++) {
      counts[j][0] = 1; // no x-values: U = 0
    }
    for (int i = 1; i <= m; i++) {
      double[][] next = new double[n + 1][max + 1];
      next[0][0] = 1; // no y-values: U = 0
      for (int j = 1; j <= n; j++) {
        for (int k = 0; k <= i * j; k++) {
          // the largest of the pooled values is either an x (above all j y-values) or a y
          double largestIsX = k >= j ? counts[j][k - j] : 0;
          next[j][k] = largestIsX + next[j - 1][k];
        }
      }
      counts = next;
    }
    double below = 0;
    double total = 0;
    for (int k = 0; k <= max; k++) {
      total += counts[n][k];
      if (k <= u + 1e-9) {
        below += counts[n][k];
      }
    }
    return below / total;
  }

  /** P(U ≤ u) over every split of the pooled values into groups of m and n, ties included. */
  static double enumerated(double[] x, double[] y, double u) {
    long[] tally = new long[2]; // [splits with U <= u, all splits]
    double[] pooled = MathArrays.concatenate(x, y);
    enumerate(pooled, new boolean[pooled.length], 0, x.length, u, tally);
    return (double) tally[0] / tally[1];
  }

  private static void enumerate(
      double[] pooled, boolean[] inX, int from, int left, double u, long[] tally) {
    if (left == 0) {
      double splitU = 0;
      for (int i = 0; i < pooled.length; i++) {
        for (int j = 0; j < pooled.length; j++) {
          if (inX[i] && !inX[j]) {
            splitU += pooled[i] > pooled[j] ? 1 : pooled[i] == pooled[j] ? 0.5 : 0;
          }
        }
      }
      tally[0] += splitU <= u + 1e-9 ? 1 : 0;
      tally[1]++;
      return;
    }
    for (int i = from; i <= pooled.length - left; i++) {
      inX[i] = true;
      enumerate(pooled, inX, i + 1, left - 1, u, tally);
      inX[i] = false;
    }
  }

  /** The normal approximation, with the variance corrected for ties and a continuity correction. */
  private static double normal(double[] x, double[] y, double u) {
    int m = x.length;
    int n = y.length;
    double[] pooled = MathArrays.concatenate(x, y);
    Arrays.sort(pooled);
    double tieTerm = 0;
    for (int i = 0; i < pooled.length; ) {
      int j = i;
      while (j < pooled.length && pooled[j] == pooled[i]) {
        j++;
      }
      double t = j - i;
      tieTerm += t * t * t - t;
      i = j;
    }
    double total = m + n;
    double variance = m * (double) n / 12 * ((total + 1) - tieTerm / (total * (total - 1)));
    if (variance <= 0) {
      return 1; // every value equal: no evidence either way
    }
    double z = (u + 0.5 - m * (double) n / 2) / Math.sqrt(variance);
    return Math.min(1, new NormalDistribution().cumulativeProbability(z));
  }

  private static boolean tiesAcross(double[] x, double[] y) {
    for (double a : x) {
      for (double b : y) {
        if (a == b) {
          return true;
        }
      }
    }
    return false;
  }

  private static void require(double[] x, double[] y) {
    if (x.length == 0 || y.length == 0) {
      throw new IllegalArgumentException("both samples need at least one value");
    }
  }
}
