package org.pgloadbench.render;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;
import java.util.function.DoubleFunction;
import org.pgloadbench.dataset.MiddleTable;
import org.pgloadbench.results.Summary;

/** How the report shows numbers: three significant digits, enough to compare load strategies. */
public final class Formats {
  private static final MathContext THREE_DIGITS = new MathContext(3);
  private static final double MIB = 1024.0 * 1024.0;
  private static final double GIB = MIB * 1024.0;

  private Formats() {}

  /** 0.0123, 0.456, 12.3, 123, 1234: whole numbers from 100 up rather than exponents. */
  public static String significant(double value) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      return String.valueOf(value);
    }
    if (Math.abs(value) >= 99.95) {
      return String.format(Locale.ROOT, "%.0f", value);
    }
    if (value == 0) {
      return "0";
    }
    BigDecimal rounded = new BigDecimal(value).round(THREE_DIGITS);
    // Pad to three digits (1.5 → 1.50) so a column's values line up in precision.
    int integerDigits = rounded.precision() - rounded.scale();
    return rounded.setScale(Math.max(0, 3 - integerDigits)).toPlainString();
  }

  /** The median, with min–max beside it when there was more than one value. */
  public static String stats(Summary stats) {
    String median = significant(stats.median());
    if (stats.n() == 1) {
      return median;
    }
    return median + " (" + significant(stats.min()) + "–" + significant(stats.max()) + ")";
  }

  /** A figure formatted, or a dash where it is NaN (not measured). */
  public static String orDash(double value, DoubleFunction<String> format) {
    return Double.isNaN(value) ? "–" : format.apply(value);
  }

  /** MB in PostgreSQL's sense (pg_size_pretty): 1024 × 1024 bytes. */
  public static String megabytes(double bytes) {
    return significant(bytes / MIB);
  }

  public static String gibibytes(double bytes) {
    return significant(bytes / GIB);
  }

  /** A fraction as a percentage; only exactly 0 and 1 show as 0% and 100%, which is the point. */
  public static String percent(double fraction) {
    if (fraction == 0 || fraction == 1) {
      return String.format(Locale.ROOT, "%.0f%%", fraction * 100);
    }
    double clamped = Math.min(99.9, Math.max(0.1, fraction * 100));
    return String.format(Locale.ROOT, "%.1f%%", clamped);
  }

  /** Seconds as people read a long time: "42 s", "12.5 min", "3.4 h". */
  public static String duration(double seconds) {
    if (seconds < 120) {
      return significant(seconds) + " s";
    }
    return seconds < 7200
        ? String.format(Locale.ROOT, "%.1f min", seconds / 60)
        : String.format(Locale.ROOT, "%.1f h", seconds / 3600);
  }

  public static String count(double value) {
    return String.format(Locale.ROOT, "%,d", Math.round(value));
  }

  /** planet_osm_ways → ways: the osm2pgsql prefix says nothing within one report. */
  public static String table(String name) {
    return MiddleTable.shortName(name);
  }
}
