package org.pgloadbench.results;

import java.util.List;

/**
 * One entry of a report table: its value in every repetition where all of its parts were measured
 * and ok, out of the cell's repetitions. Its statistics are computed once, when first asked for
 * (the bootstrap behind the interval is the costly part of a report).
 */
public final class Sample {
  private final List<Double> values;
  private final int repetitions;
  private final boolean failed;
  private Summary summary;

  /**
   * @param failed whether any part failed in some repetition
   */
  public Sample(List<Double> values, int repetitions, boolean failed) {
    this.values = List.copyOf(values);
    this.repetitions = repetitions;
    this.failed = failed;
  }

  public List<Double> values() {
    return values;
  }

  public int repetitions() {
    return repetitions;
  }

  /** Whether any part failed in some repetition. */
  public boolean failed() {
    return failed;
  }

  public boolean isEmpty() {
    return values.isEmpty();
  }

  /** Whether some repetitions are missing from {@link #values}, through failure or interruption. */
  public boolean partial() {
    return values.size() < repetitions;
  }

  /** The statistics of {@link #values}; there must be at least one. */
  public Summary summary() {
    if (summary == null) {
      summary = Summary.of(values);
    }
    return summary;
  }

  public double[] array() {
    return values.stream().mapToDouble(Double::doubleValue).toArray();
  }
}
