package org.pgloadbench.analysis;

/**
 * Student's t distribution: its distribution function and quantiles, for the test over server
 * starts ({@link OverStarts}), whose units are few (5 to 20 starts) and whose values,
 * each a start's mean log ratio over its rounds, are near enough to normal for it.
 */
public final class StudentT {
  private StudentT() {}

  /** P(T &lt;= t) with {@code df} degrees of freedom. */
  public static double cdf(double t, double df) {
    if (Double.isNaN(t)) {
      return Double.NaN;
    }
    if (Double.isInfinite(t)) {
      return t > 0 ? 1 : 0;
    }
    double tail = 0.5 * regularizedBeta(df / (df + t * t), df / 2, 0.5);
    return t > 0 ? 1 - tail : tail;
  }

  /** The {@code p} quantile (0 &lt; p &lt; 1), by bisection on {@link #cdf}. */
  public static double quantile(double p, double df) {
    double low = -1e4;
    double high = 1e4;
    for (int i = 0; i < 200 && high - low > 1e-10; i++) {
      double mid = (low + high) / 2;
      if (cdf(mid, df) < p) {
        low = mid;
      } else {
        high = mid;
      }
    }
    return (low + high) / 2;
  }

  /** I_x(a, b), by its continued fraction (modified Lentz), on the side where it converges. */
  static double regularizedBeta(double x, double a, double b) {
    if (x <= 0) {
      return 0;
    }
    if (x >= 1) {
      return 1;
    }
    double front =
        Math.exp(
            logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
    if (x < (a + 1) / (a + b + 2)) {
      return front * fraction(x, a, b) / a;
    }
    return 1 - front * fraction(1 - x, b, a) / b;
  }

  private static double fraction(double x, double a, double b) {
    double tiny = 1e-300;
    double c = 1;
    double d = 1 - (a + b) * x / (a + 1);
    d = 1 / (Math.abs(d) < tiny ? tiny : d);
    double h = d;
    for (int m = 1; m <= 300; m++) {
      int m2 = 2 * m;
      double even = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
      d = 1 / nonZero(1 + even * d, tiny);
      c = nonZero(1 + even / c, tiny);
      h *= d * c;
      double odd = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
      d = 1 / nonZero(1 + odd * d, tiny);
      c = nonZero(1 + odd / c, tiny);
      double step = d * c;
      h *= step;
      if (Math.abs(step - 1) < 1e-15) {
        break;
      }
    }
    return h;
  }

  private static double nonZero(double v, double tiny) {
    return Math.abs(v) < tiny ? tiny : v;
  }

  /** ln Γ(x) for x &gt; 0 (Lanczos, g = 7). */
  static double logGamma(double x) {
    double[] c = {
      0.99999999999980993,
      676.5203681218851,
      -1259.1392167224028,
      771.32342877765313,
      -176.61502916214059,
      12.507343278686905,
      -0.13857109526572012,
      9.9843695780195716e-6,
      1.5056327351493116e-7
    };
    if (x < 0.5) {
      return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
    }
    x -= 1;
    double sum = c[0];
    for (int i = 1; i < 9; i++) {
      sum += c[i] / (x + i);
    }
    double t = x + 7.5;
    return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(sum);
  }
}
