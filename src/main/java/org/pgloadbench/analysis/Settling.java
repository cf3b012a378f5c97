package org.pgloadbench.analysis;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pgloadbench.results.StoredRun;

/**
 * Whether each comparison of a run's {@link Answer} is settled, looked at after every round of a
 * {@code repeat: auto} run: by a verdict, once its Holm-corrected p has crossed the look's
 * threshold ({@link Looks}; a comparison stopped on a verdict stays stopped), or by precision,
 * while its ratio's 95% interval lies within ± the precision of the ratio. The run stops when every
 * comparison is settled, and the report says of each why it stopped.
 */
public final class Settling {
  /** Why a comparison stopped, or that it did not. */
  public enum Reason {
    VERDICT,
    PRECISION,
    OPEN
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
          states.put(
              key(table.version(), row.cell()),
              state(
                  key(table.version(), row.cell()),
                  c.pDecisive(),
                  c.ratio(),
                  c.ratioLow(),
                  c.ratioHigh(),
                  round,
                  threshold));
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
      states.put(
          key(i),
          state(key(i), p, check.ratio(), check.ratioLow(), check.ratioHigh(), round, threshold));
    }
    last = states;
    return states;
  }

  private Status state(
      String key, double p, double ratio, double low, double high, int round, double threshold) {
    if (p <= threshold) {
      crossed.putIfAbsent(key, round);
    }
    if (crossed.containsKey(key)) {
      return new Status(Reason.VERDICT, crossed.get(key));
    }
    if (within(ratio, low, high, precision)) {
      return new Status(Reason.PRECISION, preciseSince.computeIfAbsent(key, k -> round));
    }
    preciseSince.remove(key);
    return new Status(Reason.OPEN, round);
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
    return last.values().stream().allMatch(s -> s.reason() != Reason.OPEN);
  }

  /** The states of the last look. */
  public Map<String, Status> states() {
    return last;
  }
}
