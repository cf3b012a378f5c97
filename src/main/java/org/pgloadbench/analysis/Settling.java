package org.pgloadbench.analysis;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pgloadbench.results.StoredRun;

/**
 * Whether each comparison of a run's {@link Answer} is settled, looked at after every round of a
 * {@code repeat: auto} run: by a verdict, once its Holm-corrected p has crossed the look's
 * threshold ({@link Looks}; a comparison stopped on a verdict stays stopped), by precision, while
 * its ratio's 95% interval lies within ± the precision of the ratio, or, a claim, on its factor,
 * while that interval lies within ± twice the precision of the claim's factor. The last is an
 * equivalence margin: a ratio known within ± the precision that sits within ± the precision of its factor has
 * its interval within twice that, and so does a lopsided interval around the factor that more
 * rounds would only narrow to a side of it by less than the margin; without it a claim measured at
 * its factor (VACUUM after FREEZE at 0.098 × against a claimed 0.1 ×) holds the run to its budget.
 * A claim with a published ratio is settled only once its size verdict is too ({@link
 * Size#settled}). The run stops when every comparison is settled, and the report says of each why
 * it stopped.
 */
public final class Settling {
  /** Why a comparison stopped, or that it did not. */
  public enum Reason {
    VERDICT,
    PRECISION,
    FACTOR,
    /** A claim whose direction is settled, its size verdict not yet. */
    SIZE_OPEN,
    OPEN
  }

  /** The equivalence margin around a factor, relative, for a run of this precision. */
  public static double margin(double precision) {
    return 2 * precision;
  }

  /**
   * A comparison's state.
   *
   * @param round the round its verdict came, or since which it has been within the precision; the
   *     round looked at for an open one
   */
  public record Status(Reason reason, int round) {}

  private final double precision;
  private final int minimum;
  private final Map<String, Integer> crossed = new LinkedHashMap<>();
  private final Map<String, Integer> preciseSince = new LinkedHashMap<>();
  private final Map<String, Integer> onFactorSince = new LinkedHashMap<>();
  private Map<String, Status> last = Map.of();

  /**
   * @param minimum the rounds before the first look ({@link Looks#minimumRounds})
   */
  public Settling(double precision, int minimum) {
    this.precision = precision;
    this.minimum = minimum;
  }

  /** The key of a comparison with the baseline. */
  public static String key(String version, String cell) {
    return version + " · " + cell;
  }

  /** The key of a claim check: its place in the claims table. */
  public static String key(int claim) {
    return "claim " + claim;
  }

  /** Looks at the answer after round {@code round}; returns every comparison's state. */
  public Map<String, Status> look(Answer answer, int round) {
    int look = round - minimum + 1;
    double threshold = Looks.threshold(look);
    Map<String, Status> states = new LinkedHashMap<>();
    for (Answer.Table table : answer.tables()) {
      for (Answer.Row row : table.rows()) {
        Comparison c = row.comparison();
        if (c != null && c.verdict() != Comparison.Verdict.TOO_FEW) {
          String key = key(table.version(), row.cell());
          // no factor: a cell against the baseline settles as before
          states.put(key, state(key, c.pDecisive(), c, Double.NaN, round, threshold));
        }
      }
    }
    List<ClaimCheck> claims = answer.claims();
    for (int i = 0; i < claims.size(); i++) {
      ClaimCheck check = claims.get(i);
      if (check.verdict() == ClaimCheck.Verdict.NO_VERDICT) {
        continue; // not measured: more rounds would not settle it
      }
      double p =
          Double.isNaN(check.pHolm())
              ? Math.min(check.p(), check.pOpposite())
              : Math.min(check.pHolm(), check.pHolmOpposite());
      Status direction = state(key(i), p, check, check.claim().factor(), round, threshold);
      boolean sized =
          Size.settled(
              check.claim(), check.ratio(), check.ratioLow(), check.ratioHigh(), precision);
      states.put(
          key(i),
          direction.reason() == Reason.OPEN || sized
              ? direction
              : new Status(Reason.SIZE_OPEN, round));
    }
    last = states;
    return states;
  }

  private Status state(
      String key, double p, RatioInterval measured, double factor, int round, double threshold) {
    if (p <= threshold) {
      crossed.putIfAbsent(key, round);
    }
    if (crossed.containsKey(key)) {
      return new Status(Reason.VERDICT, crossed.get(key));
    }
    if (within(measured.ratio(), measured.ratioLow(), measured.ratioHigh(), precision)) {
      return new Status(Reason.PRECISION, preciseSince.computeIfAbsent(key, k -> round));
    }
    preciseSince.remove(key);
    if (onFactor(factor, measured.ratioLow(), measured.ratioHigh(), precision)) {
      return new Status(Reason.FACTOR, onFactorSince.computeIfAbsent(key, k -> round));
    }
    onFactorSince.remove(key);
    return new Status(Reason.OPEN, round);
  }

  /** Whether a ratio's interval lies within ± {@link #margin} of {@code factor} (NaN: none). */
  public static boolean onFactor(double factor, double low, double high, double precision) {
    if (Double.isNaN(factor) || Double.isNaN(low) || Double.isNaN(high) || low <= 0) {
      return false;
    }
    double margin = margin(precision);
    return low >= factor * (1 - margin) && high <= factor * (1 + margin);
  }

  /** Whether a ratio's interval lies within ± {@code precision} of it. */
  public static boolean within(double ratio, double low, double high, double precision) {
    if (Double.isNaN(ratio) || Double.isNaN(low) || Double.isNaN(high) || low <= 0) {
      return false;
    }
    return high / ratio - 1 <= precision && ratio / low - 1 <= precision;
  }

  /**
   * Every comparison's state at the end of a stored {@code repeat: auto} run, by looking at it
   * again after each round from the first look on, as the run did.
   */
  public static Map<String, Status> replay(StoredRun run, double precision, int minimum) {
    Settling settling = new Settling(precision, minimum);
    for (int round = minimum; round <= run.rounds(); round++) {
      settling.look(Answer.of(run.upTo(round)), round);
    }
    return settling.states();
  }

  /** Whether every comparison of the last look is settled. */
  public boolean settled() {
    return last.values().stream()
        .allMatch(s -> s.reason() != Reason.OPEN && s.reason() != Reason.SIZE_OPEN);
  }

  /** The states of the last look. */
  public Map<String, Status> states() {
    return last;
  }
}
