package org.pgloadbench.analysis;

import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * Holm's step-down correction of a family of p-values. A report table holds many comparisons, and
 * at p &lt; 0.05 one in twenty differences of nothing would be called real; Holm's correction keeps
 * the chance of any false verdict in the table at 0.05, and it never rejects less than Bonferroni
 * does: the smallest p is multiplied by the family's size, the next by one less, and so on, each
 * adjusted p at least the one before it.
 */
public final class Holm {
  private Holm() {}

  /**
   * The adjusted p-values, in the order given. NaN marks a test that was not made (too few rounds):
   * it stays NaN and does not count in the family.
   */
  public static double[] adjust(double[] p) {
    double[] adjusted = new double[p.length];
    Arrays.fill(adjusted, Double.NaN);
    Integer[] order =
        IntStream.range(0, p.length)
            .filter(i -> !Double.isNaN(p[i]))
            .boxed()
            .sorted(Comparator.comparingDouble(i -> p[i]))
            .toArray(Integer[]::new);
    int m = order.length;
    double running = 0;
    for (int rank = 0; rank < m; rank++) {
      int i = order[rank];
      running = Math.max(running, Math.min(1, (m - rank) * p[i]));
      adjusted[i] = running;
    }
    return adjusted;
  }

  /** How many tests of a family count: those made. */
  public static int size(double[] p) {
    return (int) Arrays.stream(p).filter(x -> !Double.isNaN(x)).count();
  }
}
