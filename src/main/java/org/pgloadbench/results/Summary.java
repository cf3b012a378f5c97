package org.pgloadbench.results;

import java.util.Arrays;
import java.util.Collection;
import org.apache.commons.math3.random.RandomGenerator;
import org.apache.commons.math3.random.Well19937c;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;

/**
 * What the repetitions of one measurement say: centre, spread, and how sure the median is.
 *
 * @param sd the sample standard deviation (n - 1); 0 for a single value
 * @param cv the coefficient of variation, sd / mean; NaN when the mean is 0
 * @param ciLow lower end of a 95% confidence interval of the median (percentile bootstrap); NaN
 *     with fewer than 2 values
 * @param ciHigh upper end of that interval
 */
public record Summary(
    int n,
    double median,
    double mean,
    double sd,
    double min,
    double max,
    double cv,
    double ciLow,
    double ciHigh) {

  /** Bootstrap resamples: enough for a stable 95% interval of a median, cheap for small samples. */
  static final int RESAMPLES = 2_000;

  /** Fixed, so that a report rebuilt from the same results shows the same intervals. */
  private static final long SEED = 20_230_712L;

  /** The summary of one or more values. */
  public static Summary of(double... values) {
    return of(values, true);
  }

  /**
   * The summary without the interval of the median (NaN): for comparisons looked at after every
   * round, where the bootstrap would be most of the cost and nothing shows the interval.
   */
  public static Summary plain(Collection<Double> values) {
    return of(values.stream().mapToDouble(Double::doubleValue).toArray(), false);
  }

  private static Summary of(double[] values, boolean interval) {
    if (values.length == 0) {
      throw new IllegalArgumentException("no values to summarise");
    }
    DescriptiveStatistics stats = new DescriptiveStatistics(values);
    int n = values.length;
    double mean = stats.getMean();
    double sd = n < 2 ? 0 : stats.getStandardDeviation();
    double[] ci =
        n < 2 || !interval ? new double[] {Double.NaN, Double.NaN} : medianInterval(values);
    return new Summary(
        n,
        stats.getPercentile(50),
        mean,
        sd,
        stats.getMin(),
        stats.getMax(),
        mean == 0 ? Double.NaN : sd / mean,
        ci[0],
        ci[1]);
  }

  public static Summary of(Collection<Double> values) {
    return of(values.stream().mapToDouble(Double::doubleValue).toArray());
  }

  /** The 2.5th and 97.5th percentiles of the medians of resamples drawn with replacement. */
  private static double[] medianInterval(double[] values) {
    RandomGenerator random = new Well19937c(SEED);
    int n = values.length;
    double[] resample = new double[n];
    double[] medians = new double[RESAMPLES];
    for (int r = 0; r < RESAMPLES; r++) {
      for (int i = 0; i < n; i++) {
        resample[i] = values[random.nextInt(n)];
      }
      Arrays.sort(resample);
      medians[r] = n % 2 == 1 ? resample[n / 2] : (resample[n / 2 - 1] + resample[n / 2]) / 2;
    }
    DescriptiveStatistics distribution = new DescriptiveStatistics(medians);
    return new double[] {distribution.getPercentile(2.5), distribution.getPercentile(97.5)};
  }
}
