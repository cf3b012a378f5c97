package org.pgloadbench.analysis;

import org.pgloadbench.results.Summary;

/**
 * One measurement compared between a base and another sample (two versions, two cells, two runs):
 * the ratio of their medians and whether the difference is more than noise, by the Mann-Whitney U
 * test. Every verdict in a report (versions, claims, compare) comes from here, so none of them
 * calls a difference real that another calls noise.
 *
 * @param ratio other's median / base's median; NaN when the base median is 0
 * @param pLower one-sided p-value that other tends lower than base
 * @param pHigher one-sided p-value that other tends higher than base
 * @param pTwoSided two-sided p-value: twice the smaller one-sided one, at most 1
 * @param verdict by the two-sided test at {@link #ALPHA}
 */
public record Comparison(
    Summary base,
    Summary other,
    double ratio,
    double pLower,
    double pHigher,
    double pTwoSided,
    Verdict verdict) {

  /** The significance level of every test. */
  public static final double ALPHA = 0.05;

  /** Fewer repetitions than this on either side give no verdict. */
  public static final int MIN_SAMPLES = 3;

  public enum Verdict {
    /** Other is lower than base (for a time: faster), significantly. */
    LOWER,
    /** Other is higher than base, significantly. */
    HIGHER,
    /** The difference is within the noise of the repetitions. */
    NO_DIFFERENCE,
    /** Fewer than {@link #MIN_SAMPLES} values on a side: no verdict is possible. */
    TOO_FEW
  }

  public static Comparison of(double[] base, double[] other) {
    Summary b = Summary.of(base);
    Summary o = Summary.of(other);
    double pLower = MannWhitney.pLower(other, base);
    double pHigher = MannWhitney.pLower(base, other);
    double pTwoSided = Math.min(1, 2 * Math.min(pLower, pHigher));
    Verdict verdict;
    if (base.length < MIN_SAMPLES || other.length < MIN_SAMPLES) {
      verdict = Verdict.TOO_FEW;
    } else if (pTwoSided > ALPHA) {
      verdict = Verdict.NO_DIFFERENCE;
    } else {
      verdict = pLower < pHigher ? Verdict.LOWER : Verdict.HIGHER;
    }
    return new Comparison(
        b,
        o,
        b.median() == 0 ? Double.NaN : o.median() / b.median(),
        pLower,
        pHigher,
        pTwoSided,
        verdict);
  }

  /**
   * The smallest two-sided p-value samples of these sizes can reach: when it is above {@link
   * #ALPHA}, no difference can ever be called significant (3 against 3 repetitions: 0.1).
   */
  public static double smallestTwoSidedP(int baseSize, int otherSize) {
    double[] low = new double[baseSize];
    double[] high = new double[otherSize];
    for (int i = 0; i < otherSize; i++) {
      high[i] = i + baseSize;
    }
    for (int i = 0; i < baseSize; i++) {
      low[i] = i;
    }
    return Math.min(1, 2 * MannWhitney.pLower(low, high));
  }
}
