package org.pgloadbench.overhead;

import java.util.Locale;
import java.util.Map;
import org.pgloadbench.results.Summary;

/** How the head-to-head reports write a sample and a ratio: the median with its range. */
final class Spread {
  private Spread() {}

  /** {@code 0.512 (0.480–0.581)}: median (min–max), or a dash for no values. */
  static String of(double[] values) {
    if (values.length == 0) {
      return "–";
    }
    Summary s = Summary.of(values);
    return String.format(Locale.ROOT, "%.3f (%.3f–%.3f)", s.median(), s.min(), s.max());
  }

  /**
   * {@code ratio}, with the min–max of {@code a / b} over the rounds both measured (by round
   * number); the ratio alone when fewer than two rounds pair up.
   */
  static String ratio(double ratio, Map<Integer, Double> a, Map<Integer, Double> b) {
    double[] paired =
        a.entrySet().stream()
            .filter(e -> b.containsKey(e.getKey()))
            .mapToDouble(e -> e.getValue() / b.get(e.getKey()))
            .toArray();
    if (paired.length < 2) {
      return String.format(Locale.ROOT, "%.3f", ratio);
    }
    Summary s = Summary.of(paired);
    return String.format(Locale.ROOT, "%.3f (%.3f–%.3f)", ratio, s.min(), s.max());
  }
}
