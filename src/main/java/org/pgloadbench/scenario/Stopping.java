package org.pgloadbench.scenario;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * When a run may stop adding rounds: with {@code repeat: auto}, once every comparison the answer
 * makes has a verdict or is known within {@code precision}, or once {@code budget} is spent; the
 * {@code recommend} race stops on the same precision and budget.
 *
 * @param auto whether the run goes on round after round ({@code repeat: auto}, REPEAT=auto)
 * @param precision the half-width of a ratio's 95% interval, relative, within which a comparison is
 *     known well enough (0.05: ±5%)
 * @param budgetSeconds the time the rounds may take per server of the run
 */
public record Stopping(boolean auto, double precision, long budgetSeconds) {
  public static final double DEFAULT_PRECISION = 0.05;
  public static final long DEFAULT_BUDGET_SECONDS = 600;

  /** A fixed number of rounds, the defaults kept for {@code recommend}. */
  public static final Stopping FIXED =
      new Stopping(false, DEFAULT_PRECISION, DEFAULT_BUDGET_SECONDS);

  static final Pattern DURATION = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)\\s*(s|min|m|h)");
  static final Pattern PERCENT = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)\\s*%");

  /** {@code 10m}, {@code 90s}, {@code 1.5h} in seconds; null when it is none of these. */
  public static Long duration(String text) {
    Matcher m = DURATION.matcher(text.strip());
    if (!m.matches()) {
      return null;
    }
    double value = Double.parseDouble(m.group(1));
    double seconds =
        switch (m.group(2)) {
          case "h" -> value * 3600;
          case "m", "min" -> value * 60;
          default -> value;
        };
    return seconds >= 1 && seconds < 1e9 ? Math.round(seconds) : null;
  }

  /** {@code 5%} or {@code 0.05} as a fraction in (0, 0.5]; null otherwise. */
  static Double fraction(String text) {
    Matcher m = PERCENT.matcher(text.strip());
    double value;
    try {
      value = m.matches() ? Double.parseDouble(m.group(1)) / 100 : Double.parseDouble(text.strip());
    } catch (NumberFormatException e) {
      return null;
    }
    return value > 0 && value <= 0.5 ? value : null;
  }

  public String precisionText() {
    return "±" + trim(precision * 100) + "%";
  }

  public static String durationText(long seconds) {
    if (seconds % 3600 == 0) {
      return seconds / 3600 + " h";
    }
    return seconds % 60 == 0 ? seconds / 60 + " min" : seconds + " s";
  }

  private static String trim(double value) {
    return value == Math.rint(value)
        ? Long.toString((long) value)
        : String.format(Locale.ROOT, "%.2f", value).replaceAll("0+$", "");
  }
}
