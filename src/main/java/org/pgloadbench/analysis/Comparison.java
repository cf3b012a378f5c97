package org.pgloadbench.analysis;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.IntStream;
import org.pgloadbench.analysis.Comparison.Verdict;
import org.pgloadbench.results.Sample;
import org.pgloadbench.results.Starts;
import org.pgloadbench.results.Summary;

/**
 * One measurement compared between a base and another sample (two versions, two cells, two runs):
 * their ratio and whether the difference is more than noise. Every verdict in a report (versions,
 * claims, compare) comes from here, so none of them calls a difference real that another calls
 * noise.
 *
 * <p>Loads measured in the same rounds of one run are compared in pairs ({@link #paired}): the
 * exact Wilcoxon signed-rank test on the per-round log ratios, which the machine's drift between
 * rounds does not move. Samples with nothing to pair them by (two separate runs) are compared by
 * the Mann-Whitney U test ({@link #of}), which drift between the samples does move. Pairs from a
 * run that started its servers afresh take a start as the unit ({@link #overStarts}).
 *
 * @param ratio other / base: the median of the per-round ratios when paired, else the ratio of the
 *     medians; NaN when the base is 0
 * @param ratioLow the low end of the ratio's 95% interval (paired: from the signed-rank test, or
 *     the lowest per-round ratio when there are too few rounds for it), NaN when not paired
 * @param ratioHigh its high end
 * @param pLower one-sided p-value that other tends lower than base
 * @param pHigher one-sided p-value that other tends higher than base
 * @param test which test decided
 * @param pairs the rounds paired (0 when not paired)
 * @param pAdjusted the two-sided p after Holm's correction over the comparisons of its table
 *     ({@link #holm}); NaN when it stands alone (a family of one)
 */
public record Comparison(
    Summary base,
    Summary other,
    double ratio,
    double ratioLow,
    double ratioHigh,
    double pLower,
    double pHigher,
    Test test,
    int pairs,
    double pAdjusted) implements RatioInterval {

  /** The significance level of every test. */
  public static final double ALPHA = 0.05;

  /** Fewer repetitions (or pairs) than this on either side give no verdict. */
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

  /** The test behind a verdict, as reports name it. */
  public enum Test {
    SIGNED_RANK("paired signed-rank"),
    /** Pairs of a run that started its servers afresh, a start as the unit: {@link #overStarts}. */
    STARTS("paired t over server starts"),
    MANN_WHITNEY("Mann-Whitney");

    private final String text;

    Test(String text) {
      this.text = text;
    }

    /** Whether the test pairs the loads of one round (and, over starts, of one start). */
    public boolean paired() {
      return this != MANN_WHITNEY;
    }

    @Override
    public String toString() {
      return text;
    }
  }

  /** Two independent samples, by the Mann-Whitney U test. */
  public static Comparison of(double[] base, double[] other) {
    Summary b = Summary.of(base);
    Summary o = Summary.of(other);
    return new Comparison(
        b,
        o,
        b.median() == 0 ? Double.NaN : o.median() / b.median(),
        Double.NaN,
        Double.NaN,
        MannWhitney.pLower(other, base),
        MannWhitney.pLower(base, other),
        Test.MANN_WHITNEY,
        0,
        Double.NaN);
  }

  /**
   * Two samples measured in the same rounds, each value by its round: the rounds both have (with
   * positive values) are paired, and the signed-rank test decides on their log ratios.
   */
  public static Comparison paired(Map<Integer, Double> base, Map<Integer, Double> other) {
    return paired(base, other, 1);
  }

  /**
   * As {@link #paired(Map, Map)}, with other compared to {@code factor} × base (a claim "A &lt; f ×
   * B"); the ratio shown stays other / base.
   */
  public static Comparison paired(
      Map<Integer, Double> base, Map<Integer, Double> other, double factor) {
    double[] d =
        logRatios(base, other).values().stream().mapToDouble(Double::doubleValue).sorted().toArray();
    double[] tested = Arrays.stream(d).map(x -> x - Math.log(factor)).toArray();
    double pLower = SignedRank.pLower(tested);
    double pHigher = SignedRank.pLower(Arrays.stream(tested).map(x -> -x).toArray());
    double[] interval = SignedRank.interval(d, ALPHA);
    return new Comparison(
        Summary.plain(base.values()),
        Summary.plain(other.values()),
        d.length == 0 ? Double.NaN : Math.exp(median(d)),
        Math.exp(interval[0]),
        Math.exp(interval[1]),
        pLower,
        pHigher,
        Test.SIGNED_RANK,
        d.length,
        Double.NaN);
  }

  /**
   * Other against {@code factor} × base: the rounds both have are paired, each start's log ratios
   * averaged into one value, and Student's t over those start means decides, with its 95% interval.
   * This is the test of a mixed model with a random effect per start in a balanced nested design
   * (rounds within starts), which reduces to the t test on the start means with one degree of
   * freedom fewer than starts; it was chosen over a hierarchical bootstrap because the units are
   * few (5 to 20 starts), where a bootstrap's percentile interval is too narrow, and over the
   * signed-rank test because that one cannot reach p 0.05 on 5 units. With one start it is {@link
   * #paired}: the rounds are then the only units there are.
   */
  public static Comparison overStarts(
      Map<Integer, Double> base, Map<Integer, Double> other, double factor, Starts starts) {
    if (!starts.several()) {
      return paired(base, other, factor);
    }
    double[] means =
        starts.means(logRatios(base, other)).stream().mapToDouble(Double::doubleValue).toArray();
    int n = means.length;
    double mean = Arrays.stream(means).average().orElse(Double.NaN);
    double pLower = Double.NaN;
    double pHigher = Double.NaN;
    double low = Double.NaN;
    double high = Double.NaN;
    if (n >= 2) {
      double sd = Math.sqrt(Arrays.stream(means).map(m -> (m - mean) * (m - mean)).sum() / (n - 1));
      double se = sd / Math.sqrt(n);
      double shifted = mean - Math.log(factor);
      pLower = se > 0 ? StudentT.cdf(shifted / se, n - 1) : shifted < 0 ? 0 : shifted > 0 ? 1 : 0.5;
      pHigher = 1 - pLower;
      double q = StudentT.quantile(1 - ALPHA / 2, n - 1);
      low = Math.exp(mean - q * se);
      high = Math.exp(mean + q * se);
    }
    return new Comparison(
        Summary.plain(base.values()),
        Summary.plain(other.values()),
        Math.exp(mean),
        low,
        high,
        pLower,
        pHigher,
        Test.STARTS,
        n,
        Double.NaN);
  }

  /**
   * Two samples of one run: paired by round when the run ran every server every round ({@code
   * paired}), a start as the unit where it started its servers afresh ({@link #overStarts}); else
   * as independent samples.
   */
  public static Comparison between(Sample base, Sample other, boolean paired, Starts starts) {
    return paired
        ? overStarts(base.byRepetition(), other.byRepetition(), 1, starts)
        : of(base.array(), other.array());
  }

  /** The log of other / base in every round both have, both positive, by round. */
  public static Map<Integer, Double> logRatios(
      Map<Integer, Double> base, Map<Integer, Double> other) {
    Map<Integer, Double> logRatios = new TreeMap<>();
    other.forEach(
        (round, value) -> {
          Double b = base.get(round);
          if (b != null && b > 0 && value > 0) {
            logRatios.put(round, Math.log(value / b));
          }
        });
    return logRatios;
  }

  /**
   * The comparisons of one table with Holm's correction over those that could reach a verdict: each
   * keeps its own p, gains the adjusted one, and its verdict follows the adjusted one. A family of
   * one is left as it is.
   */
  public static List<Comparison> holm(List<Comparison> family) {
    double[] adjusted =
        Holm.adjust(
            family.stream()
                .mapToDouble(c -> c.verdict() == Verdict.TOO_FEW ? Double.NaN : c.pTwoSided())
                .toArray());
    if (Holm.size(adjusted) < 2) {
      return List.copyOf(family);
    }
    return IntStream.range(0, family.size())
        .mapToObj(
            i -> Double.isNaN(adjusted[i]) ? family.get(i) : family.get(i).adjusted(adjusted[i]))
        .toList();
  }

  /** Holm's correction over one family ({@link #holm(List)}), each comparison by its key. */
  public static <K> Map<K, Comparison> holm(Map<K, Comparison> family) {
    List<Comparison> corrected = holm(List.copyOf(family.values()));
    Map<K, Comparison> byKey = new LinkedHashMap<>();
    int i = 0;
    for (K key : family.keySet()) {
      byKey.put(key, corrected.get(i++));
    }
    return byKey;
  }

  /** This comparison with its p adjusted for its table's family, the verdict following it. */
  private Comparison adjusted(double p) {
    return new Comparison(base, other, ratio, ratioLow, ratioHigh, pLower, pHigher, test, pairs, p);
  }

  /** Two-sided p-value: twice the smaller one-sided one, at most 1. */
  public double pTwoSided() {
    return Math.min(1, 2 * Math.min(pLower, pHigher));
  }

  /** The p the verdict follows: the adjusted one where the comparison is one of a family. */
  public double pDecisive() {
    return Double.isNaN(pAdjusted) ? pTwoSided() : pAdjusted;
  }

  /**
   * By the two-sided test at {@link #ALPHA}, on {@link #pAdjusted} when the comparison is one of a
   * table's family; none with fewer than {@link #MIN_SAMPLES} pairs, or repetitions on a side.
   */
  public Verdict verdict() {
    if ((test.paired() ? pairs : Math.min(base.n(), other.n())) < MIN_SAMPLES) {
      return Verdict.TOO_FEW;
    }
    if (pDecisive() > ALPHA) {
      return Verdict.NO_DIFFERENCE;
    }
    return pLower < pHigher ? Verdict.LOWER : Verdict.HIGHER;
  }

  /**
   * The smallest two-sided p-value samples of these sizes can reach: when it is above {@link
   * #ALPHA}, no difference can ever be called significant (3 against 3 repetitions: 0.1).
   */
  public static double smallestTwoSidedP(int baseSize, int otherSize) {
    double[] low = IntStream.range(0, baseSize).asDoubleStream().toArray();
    double[] high = IntStream.range(baseSize, baseSize + otherSize).asDoubleStream().toArray();
    return Math.min(1, 2 * MannWhitney.pLower(low, high));
  }

  /** The smallest two-sided p-value {@code pairs} paired rounds can reach: 2 / 2^pairs. */
  public static double smallestPairedP(int pairs) {
    return Math.min(1, 2 * SignedRank.smallestOneSidedP(pairs));
  }

  private static double median(double[] sorted) {
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }
}
