package org.pgloadbench.analysis;

import org.pgloadbench.scenario.Claim;

/**
 * Whether a claim's ratio came out the size its source published, beside the direction verdict
 * (which only asks which side of factor × the reference the subject is on). The measured ratio's
 * 95% interval is widened by the source's own uncertainty u ({@link Claim#seedUncertainty}: the
 * spread of the runs it lists, else ±{@link Claim#SINGLE_RUN_TOLERANCE} for a single run), to
 * [low × (1 − u), high × (1 + u)]: the claim's size is <b>as published</b> when the published
 * ratio lies inside it, <b>smaller here</b> when the whole widened interval is below the published
 * ratio, <b>larger here</b> when above; without a published ratio, or without a measured one,
 * there is none. A size measured on a disk limit that most writes escaped is <b>not judged</b>
 * ({@link EscapedWrites}).
 */
public enum Size {
  AS_PUBLISHED("as published"),
  SMALLER("smaller here"),
  LARGER("larger here"),
  NOT_JUDGED("not judged"),
  NONE("–");

  private final String text;

  Size(String text) {
    this.text = text;
  }

  @Override
  public String toString() {
    return text;
  }

  /** The size verdict of a claim measured at {@code ratio} (low–high). */
  public static Size of(Claim claim, double ratio, double low, double high) {
    if (claim.seedRatio() == null || Double.isNaN(ratio)) {
      return NONE;
    }
    double[] widened = widened(claim, ratio, low, high);
    double published = claim.seedRatio();
    if (published < widened[0]) {
      return LARGER;
    }
    return published > widened[1] ? SMALLER : AS_PUBLISHED;
  }

  /** [low × (1 − u), high × (1 + u)]; a ratio without an interval (one round) stands for both. */
  static double[] widened(Claim claim, double ratio, double low, double high) {
    double u = claim.seedUncertainty();
    double from = Double.isNaN(low) ? ratio : low;
    double to = Double.isNaN(high) ? ratio : high;
    return new double[] {from * (1 - u), to * (1 + u)};
  }

  /**
   * Whether more rounds would leave this verdict as it is: a size the widened interval excludes is
   * decided; an as-published one is settled once the measured interval lies within ± the source's
   * own uncertainty (or the run's precision, if wider) of the ratio, where the widening, not the
   * rounds, decides what the interval holds.
   */
  public static boolean settled(
      Claim claim, double ratio, double low, double high, double precision) {
    Size size = of(claim, ratio, low, high);
    if (size != AS_PUBLISHED) {
      return true;
    }
    return Settling.within(ratio, low, high, Math.max(precision, claim.seedUncertainty()));
  }
}
