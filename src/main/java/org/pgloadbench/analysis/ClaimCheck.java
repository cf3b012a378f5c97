package org.pgloadbench.analysis;

import java.util.Locale;
import org.pgloadbench.analysis.Comparison.Verdict;
import org.pgloadbench.results.Summary;
import org.pgloadbench.scenario.Claim;

/**
 * A claim checked on one PostgreSQL version (or one pair of versions, when its sides name them).
 *
 * @param versions the version measured, or {@code 15 vs 17} for a claim across versions
 * @param subject the subject side's summary over repetitions, or null when it was not measured
 * @param reference the reference side's summary, or null
 * @param ratio subject median / reference median (the factor not applied); NaN when unmeasured
 * @param ratioLow the lowest subject / reference of one repetition (both sides measured in it)
 * @param ratioHigh the highest such ratio
 * @param p one-sided p that the subject is on the claimed side of factor × reference; NaN when
 *     unmeasured
 * @param pOpposite one-sided p of the opposite side
 * @param pHolm {@code p} after Holm's correction over the claims of its table ({@link
 *     Claims#check}); NaN for a table of one claim
 * @param pHolmOpposite {@code pOpposite} after the same correction; NaN with {@code pHolm}
 * @param note why there is no verdict, or empty
 * @param test the test behind the verdict: paired by round in a run that ran every server every
 *     round, else Mann-Whitney
 * @param escaped the larger share of its two sides' written bytes that escaped their disk limit
 *     ({@link EscapedWrites}); NaN where no side's disk was limited
 */
public record ClaimCheck(
    Claim claim,
    String versions,
    Summary subject,
    Summary reference,
    double ratio,
    double ratioLow,
    double ratioHigh,
    double p,
    double pOpposite,
    double pHolm,
    double pHolmOpposite,
    Verdict verdict,
    String note,
    Comparison.Test test,
    double escaped) implements RatioInterval {

  public enum Verdict {
    /** The subject is on the claimed side of factor × reference, significantly. */
    HELD,
    /** It is significantly on the other side. */
    NOT_HELD,
    /** Neither: the repetitions' spread overlaps. */
    INCONCLUSIVE,
    /** Fewer than {@link Comparison#MIN_SAMPLES} repetitions on a side, or a side not measured. */
    NO_VERDICT;

    /**
     * The verdict of a tested claim: held when the p of its claimed side is at most {@link
     * Comparison#ALPHA}, not held when the p of the opposite side is, else inconclusive.
     */
    static Verdict of(double p, double pOpposite) {
      return p <= Comparison.ALPHA ? HELD : pOpposite <= Comparison.ALPHA ? NOT_HELD : INCONCLUSIVE;
    }

    /** As reports write it: {@code not held}. */
    @Override
    public String toString() {
      return name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }
  }

  /**
   * This check with Holm's corrections of its table applied: held when the adjusted {@code p} is at
   * most {@link Comparison#ALPHA}, not held when the adjusted opposite p is, else inconclusive.
   */
  ClaimCheck corrected(double holm, double holmOpposite) {
    Verdict v = verdict == Verdict.NO_VERDICT ? verdict : Verdict.of(holm, holmOpposite);
    return new ClaimCheck(
        claim,
        versions,
        subject,
        reference,
        ratio,
        ratioLow,
        ratioHigh,
        p,
        pOpposite,
        holm,
        holmOpposite,
        v,
        note,
        test,
        escaped);
  }

  /**
   * The size verdict beside the direction's ({@link Size}): the published ratio against the
   * measured interval widened by the source's uncertainty; none where there is no verdict, and not
   * judged where a side's writes escaped its disk limit (the size would be another disk's).
   */
  public Size size() {
    if (verdict == Verdict.NO_VERDICT) {
      return Size.NONE;
    }
    Size size = Size.of(claim, ratio, ratioLow, ratioHigh);
    return size != Size.NONE && !EscapedWrites.judged(escaped) ? Size.NOT_JUDGED : size;
  }

  /** The test as a formula, e.g. {@code < 0.1 ×}, and "paired" when it pairs rounds. */
  public String formula() {
    return claim.relation().symbol()
        + " "
        + trim(claim.factor())
        + " ×"
        + switch (test) {
          case SIGNED_RANK -> " (paired)";
          case STARTS -> " (paired, over starts)";
          case MANN_WHITNEY -> "";
        };
  }

  private static String trim(double factor) {
    return factor == Math.rint(factor)
        ? Long.toString((long) factor)
        : String.format(Locale.ROOT, "%.3g", factor).replaceAll("0+$", "");
  }
}
