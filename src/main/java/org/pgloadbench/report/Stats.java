package org.pgloadbench.report;

import java.util.Collection;
import java.util.List;

/** Median, min and max of the values measured over a cell's repetitions. */
public record Stats(double median, double min, double max, int count) {

  /** Statistics of a non-empty collection; an even count's median is the mean of the middle two. */
  public static Stats of(Collection<Double> values) {
    if (values.isEmpty()) {
      throw new IllegalArgumentException("no values");
    }
    List<Double> sorted = values.stream().sorted().toList();
    int n = sorted.size();
    double median =
        n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    return new Stats(median, sorted.get(0), sorted.get(n - 1), n);
  }
}
