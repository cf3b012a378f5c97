package org.pgloadbench.analysis;

import java.util.List;
import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * Whether a server's loads drift over a run: Kendall's rank test of the time against the order the
 * loads ran in (the Mann-Kendall trend test). A server accumulates things load after load (WAL
 * segments up to max_wal_size, the files of dropped databases, statistics, a checkpoint falling
 * due) and a machine slows or speeds up; either shows as a trend where the repetitions should be
 * exchangeable.
 *
 * <p>The p-value is exact for small samples without ties: S, concordant minus discordant pairs, is
 * n(n-1)/2 - 2 × inversions, and the number of orderings with each count of inversions is counted
 * by recurrence. Larger samples, or ties, use the normal approximation.
 *
 * @param tau Kendall's tau of the values against their order: above 0 when they rise
 * @param p the two-sided p-value that there is no trend
 */
public record Trend(double tau, double p) {
  /** A trend at this p or below is flagged. */
  public static final double ALPHA = 0.05;

  private static final int EXACT_LIMIT = 50;

  /** The trend of {@code values}, in the order they were measured; none below 3 values. */
  public static Trend of(List<Double> values) {
    int n = values.size();
    if (n < 3) {
      return new Trend(0, 1);
    }
    int s = 0;
    boolean ties = false;
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        int c = Double.compare(values.get(j), values.get(i));
        s += Integer.signum(c);
        ties |= c == 0;
      }
    }
    int pairs = n * (n - 1) / 2;
    double p = !ties && n <= EXACT_LIMIT ? exact(n, s) : normal(n, s);
    return new Trend(s / (double) pairs, Math.min(1, p));
  }

  /** Whether the values rise or fall with their order, significantly. */
  public boolean significant() {
    return p <= ALPHA;
  }

  /** P(|S'| >= |s|) over every ordering of n distinct values. */
  private static double exact(int n, int s) {
    int pairs = n * (n - 1) / 2;
    // orderings[k]: permutations of the values seen so far with k inversions
    double[] orderings = new double[pairs + 1];
    orderings[0] = 1;
    int reach = 0;
    for (int m = 2; m <= n; m++) {
      double[] next = new double[pairs + 1];
      for (int k = 0; k <= reach; k++) {
        for (int j = 0; j < m; j++) {
          next[k + j] += orderings[k];
        }
      }
      reach += m - 1;
      orderings = next;
    }
    double all = 0;
    double atLeast = 0;
    for (int inversions = 0; inversions <= pairs; inversions++) {
      all += orderings[inversions];
      if (Math.abs(pairs - 2 * inversions) >= Math.abs(s)) {
        atLeast += orderings[inversions];
      }
    }
    return atLeast / all;
  }

  /** Two-sided, with a continuity correction; ties make it a little conservative. */
  private static double normal(int n, int s) {
    double sd = Math.sqrt(n * (n - 1) * (2.0 * n + 5) / 18);
    double z = (Math.abs(s) - 1) / sd;
    return 2 * (1 - new NormalDistribution().cumulativeProbability(Math.max(0, z)));
  }
}
