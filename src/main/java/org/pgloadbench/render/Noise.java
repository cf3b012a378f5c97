package org.pgloadbench.render;

import java.util.List;
import org.pgloadbench.analysis.Trend;
import org.pgloadbench.results.Sample;
import org.pgloadbench.results.Summary;

/** When repetitions disagree too much for a figure to be trusted at face value. */
public final class Noise {
  /** A coefficient of variation (sd / mean) above this flags a figure. */
  public static final double CV_THRESHOLD = 0.10;

  public static final String FLAG = "⚠";

  private Noise() {}

  /** " ⚠" after a noisy figure, else nothing. */
  public static String flag(Summary s) {
    return s.n() >= 2 && !Double.isNaN(s.cv()) && s.cv() > CV_THRESHOLD ? " " + FLAG : "";
  }

  public static final String RISING = "↗";
  public static final String FALLING = "↘";

  /**
   * " ↗" after a figure whose repetitions rise with the order they ran in (" ↘" fall),
   * significantly by Kendall's rank test ({@link Trend}), else nothing: something accumulated on
   * the server or the machine drifted over the run.
   */
  public static String trend(Sample sample) {
    Trend trend = Trend.of(List.copyOf(sample.byRepetition().values()));
    return !trend.significant() ? "" : trend.tau() > 0 ? " " + RISING : " " + FALLING;
  }

  /** What the trend flags mean, for the notes. */
  public static String trends() {
    return RISING
        + " / "
        + FALLING
        + " mark a total whose repetitions rise / fall with the order they ran in (Kendall's rank"
        + " test, p ≤ "
        + Trend.ALPHA
        + "): the server accumulated something over its loads (WAL segments up to max_wal_size,"
        + " the files of dropped databases, statistics, a checkpoint falling due) or the machine"
        + " drifted. The chart of every load in run order shows which.";
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
