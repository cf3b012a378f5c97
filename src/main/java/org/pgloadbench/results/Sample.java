package org.pgloadbench.results;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One entry of a report table: its value in every repetition where all of its parts were measured
 * and ok, out of the cell's repetitions. Its statistics are computed once, when first asked for
 * (the bootstrap behind the interval is the costly part of a report).
 */
public final class Sample {
  private final Map<Integer, Double> byRepetition;
  private final List<Double> values;
  private final int repetitions;
  private final boolean failed;
  private Summary summary;

  /**
   * @param byRepetition the value of each repetition (round) measured whole
   * @param failed whether any part failed in some repetition
   */
  public Sample(Map<Integer, Double> byRepetition, int repetitions, boolean failed) {
    this.byRepetition = Collections.unmodifiableMap(new TreeMap<>(byRepetition));
    this.values = List.copyOf(this.byRepetition.values());
    this.repetitions = repetitions;
    this.failed = failed;
  }

  public List<Double> values() {
    return values;
  }

  /** The value of each repetition, by its number: what a paired comparison pairs. */
  public Map<Integer, Double> byRepetition() {
    return byRepetition;
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

  /** The median of {@link #values} (without the bootstrap of a summary), NaN without any. */
  public double median() {
    return values.isEmpty() ? Double.NaN : Summary.plain(values).median();
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
