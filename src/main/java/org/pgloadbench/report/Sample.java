package org.pgloadbench.report;

import java.util.List;

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

  public Stats stats() {
    return Stats.of(values);
  }
}
