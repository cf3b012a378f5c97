package org.pgloadbench.report;

import java.util.List;
import org.pgloadbench.analysis.Summary;

/**
 * One entry of a report table: its value in every repetition where all of its parts were measured
 * and ok, out of the cell's repetitions.
 *
 * @param failed whether any part failed in some repetition
 */
public record Sample(List<Double> values, int repetitions, boolean failed) {

  public Sample {
    values = List.copyOf(values);
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
    return Summary.of(values);
  }

  public double[] array() {
    return values.stream().mapToDouble(Double::doubleValue).toArray();
  }
}
