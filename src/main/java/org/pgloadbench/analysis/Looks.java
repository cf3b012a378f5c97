package org.pgloadbench.analysis;

/**
 * The significance a verdict needs to stop a run that looks at its data after every round. Stopping
 * at the first p below 0.05 would find a difference where there is none about one time in six over
 * twenty-odd looks (simulated with the exact signed-rank test), because each look is another
 * chance. So the 0.05 is spent over the looks: half of it at the first look, and the other half
 * spread over the later ones, the k-th later look getting 6 / (π² k²) of it (these shares sum to
 * one). By the union bound, however many rounds a run goes on for, the chance that a comparison of
 * two equal cells stops on a verdict stays under 0.05.
 */
public final class Looks {
  /** The share of {@link Comparison#ALPHA} spent at the first look. */
  static final double FIRST = 0.5;

  /** A paired verdict is never possible with fewer pairs (two-sided p ≥ 2 / 2^5 = 0.0625). */
  static final int FLOOR = 6;

  private Looks() {}

  /** The p a verdict needs at look {@code look} (1 at the first). */
  public static double threshold(int look) {
    if (look <= 1) {
      return Comparison.ALPHA * FIRST;
    }
    int k = look - 1;
    return Comparison.ALPHA * (1 - FIRST) * 6 / (Math.PI * Math.PI * k * k);
  }

  /**
   * The fewest rounds at whose look a verdict is possible: with n pairs the smallest two-sided p is
   * 2 / 2^n and the smallest one-sided one 1 / 2^n, and Holm multiplies the smallest of a family by
   * its size; the first look's threshold must be within reach of both families (a size of 0 asks
   * nothing). Never fewer than {@value #FLOOR}.
   *
   * @param twoSided the largest family of two-sided tests (comparisons with the baseline)
   * @param oneSided the largest family of one-sided tests (claims, or a race's cells)
   */
  public static int minimumRounds(int twoSided, int oneSided) {
    int n = FLOOR;
    while (2.0 * twoSided / Math.pow(2, n) > threshold(1)
        || (double) oneSided / Math.pow(2, n) > threshold(1)) {
      n++;
    }
    return n;
  }
}
