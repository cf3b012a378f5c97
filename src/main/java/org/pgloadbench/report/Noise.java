package org.pgloadbench.report;

import org.pgloadbench.analysis.Summary;

/** When repetitions disagree too much for a figure to be trusted at face value. */
final class Noise {
  /** A coefficient of variation (sd / mean) above this flags a figure. */
  static final double CV_THRESHOLD = 0.10;

  static final String FLAG = "⚠";

  private Noise() {}

  static boolean noisy(Summary s) {
    return s.n() >= 2 && !Double.isNaN(s.cv()) && s.cv() > CV_THRESHOLD;
  }

  /** " ⚠" after a noisy figure, else nothing. */
  static String flag(Summary s) {
    return noisy(s) ? " " + FLAG : "";
  }

  static String causes() {
    return FLAG
        + " marks a figure whose repetitions vary by more than "
        + Math.round(CV_THRESHOLD * 100)
        + "% (coefficient of variation, sd / mean): trust it less. The usual causes: too few"
        + " repetitions, a table small enough to fit in cache (short times dominated by fixed"
        + " costs), a machine busy with other work.";
  }
}
