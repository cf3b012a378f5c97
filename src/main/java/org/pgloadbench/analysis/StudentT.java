package org.pgloadbench.analysis;

import org.apache.commons.math3.distribution.TDistribution;

/**
 * Student's t distribution: its distribution function and quantiles, for the test over server
 * starts ({@link Comparison#overStarts}), whose units are few (5 to 20 starts) and whose values,
 * each a start's mean log ratio over its rounds, are near enough to normal for it.
 */
public final class StudentT {
  private StudentT() {}

  /** P(T &lt;= t) with {@code df} degrees of freedom. */
  public static double cdf(double t, double df) {
    return Double.isNaN(t) ? Double.NaN : new TDistribution(null, df).cumulativeProbability(t);
  }

  /**
   * The {@code p} quantile (0 &lt; p &lt; 1), by bisection on {@link #cdf}: to 1e-10, where the
   * library's own inverse stops at about 1e-7.
   */
  public static double quantile(double p, double df) {
    TDistribution t = new TDistribution(null, df);
    double low = -1e4;
    double high = 1e4;
    for (int i = 0; i < 200 && high - low > 1e-10; i++) {
      double mid = (low + high) / 2;
      if (t.cumulativeProbability(mid) < p) {
        low = mid;
      } else {
        high = mid;
      }
    }
    return (low + high) / 2;
  }
}
