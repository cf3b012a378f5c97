package org.pgloadbench.render;

import org.pgloadbench.results.Summary;

/** When repetitions disagree too much for a figure to be trusted at face value. */
public final class Noise {
  /** A coefficient of variation (sd / mean) above this flags a figure. */
  public static final double CV_THRESHOLD = 0.10;

  public static final String FLAG = "⚠";

  private Noise() {}

  public static boolean noisy(Summary s) {
    return s.n() >= 2 && !Double.isNaN(s.cv()) && s.cv() > CV_THRESHOLD;
  }

  /** " ⚠" after a noisy figure, else nothing. */
  public static String flag(Summary s) {
    return noisy(s) ? " " + FLAG : "";
  }

  public static String causes() {
    return FLAG
        + " marks a figure whose repetitions vary by more than "
        + Math.round(CV_THRESHOLD * 100)
        + "% (coefficient of variation, sd / mean): trust it less. The usual causes: too few"
        + " repetitions, a table small enough to fit in cache (short times dominated by fixed"
        + " costs), a machine busy with other work.";
  }
}
