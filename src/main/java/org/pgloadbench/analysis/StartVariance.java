package org.pgloadbench.analysis;

import java.util.List;

/**
 * How a series of log values (a server's log time per round, or the log ratio of two servers' loads
 * per round) spreads between server starts and within one: the variance components of a one-way
 * random-effects model, rounds nested in starts, by the method of moments (the ANOVA estimator; the
 * between-start component floored at 0). On a log scale, a component's square root reads as a
 * relative spread (0.02: about ±2%). From them follow what a design of E starts of k rounds could
 * detect, and the k that reaches a difference in the least time (Kalibera and Jones, "Rigorous
 * benchmarking in reasonable time", ISMM 2013: spend the repetitions at the level whose variance
 * is the larger for its cost).
 *
 * @param starts the starts with a value
 * @param roundsPerStart their rounds, on average
 * @param between the variance of a start's own offset
 * @param within the variance of a round about its start's mean; NaN when no start had two rounds
 */
public record StartVariance(int starts, double roundsPerStart, double between, double within) {
  /** Rounds per start beyond which more rounds in a start are not worth considering. */
  public static final int MOST_ROUNDS_PER_START = 10;

  /** The components of values grouped by start (each group one start's rounds). */
  public static StartVariance of(List<List<Double>> byStart) {
    List<List<Double>> groups = byStart.stream().filter(g -> !g.isEmpty()).toList();
    int e = groups.size();
    int n = groups.stream().mapToInt(List::size).sum();
    if (e == 0) {
      return new StartVariance(0, 0, Double.NaN, Double.NaN);
    }
    double grand = groups.stream().flatMap(List::stream).mapToDouble(d -> d).average().orElse(0);
    double ssWithin = 0;
    double ssBetween = 0;
    double sumSquaredSizes = 0;
    for (List<Double> g : groups) {
      double mean = g.stream().mapToDouble(d -> d).average().orElse(0);
      for (double v : g) {
        ssWithin += (v - mean) * (v - mean);
      }
      ssBetween += g.size() * (mean - grand) * (mean - grand);
      sumSquaredSizes += (double) g.size() * g.size();
    }
    double within = n - e > 0 ? ssWithin / (n - e) : Double.NaN;
    double between = Double.NaN;
    if (e >= 2) {
      double msBetween = ssBetween / (e - 1);
      double n0 = (n - sumSquaredSizes / n) / (e - 1);
      between = Double.isNaN(within) ? Double.NaN : Math.max(0, (msBetween - within) / n0);
    }
    return new StartVariance(e, (double) n / e, between, within);
  }

  /** Whether both components could be estimated: two starts or more, one of two rounds or more. */
  public boolean known() {
    return !Double.isNaN(between) && !Double.isNaN(within);
  }

  /**
   * The smallest relative difference (0.03: 3%) that {@code starts} starts of {@code rounds} rounds
   * each would detect with 80% power at α = 0.05, by the t test over starts; NaN when not known
   * or with fewer than two starts.
   */
  public double detectable(int starts, int rounds) {
    if (!known() || starts < 2) {
      return Double.NaN;
    }
    return Math.exp(power(starts) * Math.sqrt((between + within / rounds) / starts)) - 1;
  }

  /**
   * The smallest relative difference that a t test over these units (each a start's mean log
   * ratio) would detect with 80% power at α = 0.05; NaN with fewer than {@link
   * Comparison#MIN_SAMPLES}.
   */
  public static double detectable(List<Double> units) {
    int n = units.size();
    if (n < Comparison.MIN_SAMPLES) {
      return Double.NaN;
    }
    double mean = units.stream().mapToDouble(d -> d).average().orElse(0);
    double variance = units.stream().mapToDouble(d -> (d - mean) * (d - mean)).sum() / (n - 1);
    return Math.exp(power(n) * Math.sqrt(variance / n)) - 1;
  }

  /**
   * How many standard errors a difference must be for the two-sided t test over {@code units} units
   * to find it at α = 0.05 with 80% power.
   */
  private static double power(int units) {
    return StudentT.quantile(1 - Comparison.ALPHA / 2, units - 1)
        + StudentT.quantile(0.8, units - 1);
  }

  /**
   * The design that reaches {@code target} (0.03: a 3% detectable difference) in the least time,
   * a start costing {@code startSeconds} (stopping and starting every server, warming each up) and
   * a round {@code roundSeconds}; null when not known, or when no design of at most 1000 starts
   * reaches it.
   */
  public Design fastest(double target, double startSeconds, double roundSeconds) {
    if (!known()) {
      return null;
    }
    Design best = null;
    for (int k = 1; k <= MOST_ROUNDS_PER_START; k++) {
      // the detectable difference falls as starts are added: the fewest that reach the target
      int low = Comparison.MIN_SAMPLES;
      int high = 1000;
      if (!(detectable(high, k) <= target)) {
        continue;
      }
      while (low < high) {
        int mid = (low + high) / 2;
        if (detectable(mid, k) <= target) {
          high = mid;
        } else {
          low = mid + 1;
        }
      }
      Design d = new Design(low, k, low * (startSeconds + k * roundSeconds));
      if (best == null || d.seconds() < best.seconds()) {
        best = d;
      }
    }
    return best;
  }

  /** A number of starts and of rounds per start, and how long they take. */
  public record Design(int starts, int roundsPerStart, double seconds) {}
}
