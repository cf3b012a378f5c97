package org.pgloadbench.estimate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A run's remaining time as its progress bar shows it: the estimate's at the start, then corrected
 * by how the run has gone against the estimate so far (the time its loads took over the time the
 * estimate gave them), so that a machine busier or idler than the stored runs' soon shows.
 */
public final class Eta {
  private final List<Double> ends = new ArrayList<>();
  private final double meanLoad;

  /** {@code timeline} as {@link Estimate#timeline()} gives it. */
  public Eta(double[] timeline) {
    Arrays.stream(timeline).forEach(ends::add);
    int loads = ends.size() - 1;
    meanLoad = loads <= 0 ? 0 : (ends.get(loads) - ends.get(0)) / loads;
  }

  /** Loads beyond the plan's (repeat: auto), each as long as a planned one on average. */
  public synchronized void more(int loads) {
    for (int i = 0; i < loads; i++) {
      ends.add(ends.get(ends.size() - 1) + meanLoad);
    }
  }

  /**
   * Seconds still to go.
   *
   * @param done the loads ended
   * @param lastEnd seconds from the run's start to the end of the last of them; 0 for none
   * @param now seconds from the run's start
   */
  public synchronized double remaining(long done, double lastEnd, double now) {
    int last = ends.size() - 1;
    int k = (int) Math.min(done, last);
    double total = ends.get(last);
    double expected = k == 0 ? 0 : ends.get(k);
    double pace = k == 0 || expected <= 0 ? 1 : lastEnd / expected;
    double next = ends.get(Math.min(k + 1, last));
    // counting down through the load under way, but never below the loads after it
    double left = Math.max(pace * (total - expected) - (now - lastEnd), pace * (total - next));
    return Math.max(0, left);
  }
}
