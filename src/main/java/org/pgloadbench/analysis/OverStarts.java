package org.pgloadbench.analysis;

import java.util.Arrays;
import java.util.Map;
import org.pgloadbench.analysis.Comparison.Test;
import org.pgloadbench.results.Starts;
import org.pgloadbench.results.Summary;

/**
 * The comparison of two servers' samples from a run that started its servers afresh ({@link
 * Starts}): a start, not a round, is the unit.
 */
public final class OverStarts {
  private OverStarts() {}

  /**
   * Other against {@code factor} × base: the rounds both have are paired, each start's log ratios
   * averaged into one value, and Student's t over those start means decides, with its 95% interval.
   * This is the test of a mixed model with a random effect per start in a balanced nested design
   * (rounds within starts), which reduces to the t test on the start means with one degree of
   * freedom fewer than starts; it was chosen over a hierarchical bootstrap because the units are
   * few (5 to 20 starts), where a bootstrap's percentile interval is too narrow, and over the
   * signed-rank test because that one cannot reach p 0.05 on 5 units. With one start it is {@link
   * Comparison#paired}: the rounds are then the only units there are.
   */
  public static Comparison compare(
      Map<Integer, Double> base, Map<Integer, Double> other, double factor, Starts starts) {
    if (!starts.several()) {
      return Comparison.paired(base, other, factor);
    }
    double[] means =
        starts.means(Comparison.logRatios(base, other)).stream()
            .mapToDouble(Double::doubleValue)
            .toArray();
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
      double q = StudentT.quantile(1 - Comparison.ALPHA / 2, n - 1);
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
}
