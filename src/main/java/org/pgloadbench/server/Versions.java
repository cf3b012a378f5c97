package org.pgloadbench.server;

import java.util.Comparator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Version strings compared number by number, so that 9.6 < 10 and 17.10 > 17.6. */
public final class Versions {
  public static final Comparator<String> ORDER = Versions::compare;

  /** A version as results, file names and reports carry it: 17.6, 18devel, 18beta1, 16.10-1. */
  private static final Pattern LABEL = Pattern.compile("\\d[0-9A-Za-z._-]{0,63}");

  private Versions() {}

  /** By number; labels of equal numbers (16.10 and its control, 16.10-control) as text. */
  public static int compare(String a, String b) {
    String[] x = a.split("\\D+");
    String[] y = b.split("\\D+");
    for (int i = 0; i < Math.max(x.length, y.length); i++) {
      long p = i < x.length && !x[i].isEmpty() ? Long.parseLong(x[i]) : 0;
      long q = i < y.length && !y[i].isEmpty() ? Long.parseLong(y[i]) : 0;
      if (p != q) {
        return Long.compare(p, q);
      }
    }
    return a.compareTo(b);
  }

  /**
   * Whether {@code actual} ({@code 17.6}, {@code 17.6.0}) is a version that {@code requested}
   * ({@code 17}, {@code 17.6}, as a user writes it) names.
   */
  public static boolean names(String requested, String actual) {
    return actual.equals(requested) || actual.startsWith(requested + ".");
  }

  /**
   * The version a server reports ({@code SHOW server_version}, {@code postgres --version}) as the
   * harness records it: its leading version token, e.g. 17.6 of {@code 17.6 (Debian 17.6-1)}. What
   * follows is dropped: a server the harness does not own may report anything, and the version goes
   * into reports and file names.
   *
   * @throws ServerException when it does not start with a version number
   */
  public static String label(String reported) throws ServerException {
    Matcher m = LABEL.matcher(reported == null ? "" : reported.strip());
    if (!m.lookingAt()) {
      throw new ServerException(
          "the server's version does not start with a version number; is it PostgreSQL?");
    }
    return m.group();
  }

  /** The major version: 17 for 17.6, 9 for 9.6 (the two-part majors before 10 are not offered). */
  public static int major(String version) {
    return Integer.parseInt(version.split("\\D+")[0]);
  }
}
