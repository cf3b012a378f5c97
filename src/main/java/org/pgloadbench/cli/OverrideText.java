package org.pgloadbench.cli;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pgloadbench.scenario.ScenarioException;
import org.pgloadbench.scenario.ServersSpec;
import org.pgloadbench.scenario.Stopping;

/**
 * One flag's text as its override's typed value, each named by its make variable in its error,
 * since that is how most users give them (make passes every variable, blank when not set). Blank
 * means not given: null, which keeps the scenario's value.
 */
final class OverrideText {
  private OverrideText() {}

  /** PG=15,17; the versions' own rules are {@code Overrides.validate}'s. */
  static List<String> versions(String pg) {
    return blank(pg) ? null : Arrays.asList(pg.trim().split("\\s*,\\s*", -1));
  }

  static Double scale(String text) throws ScenarioException {
    if (blank(text)) {
      return null;
    }
    try {
      return Double.valueOf(text.trim());
    } catch (NumberFormatException e) {
      throw new ScenarioException("SCALE=" + text + ": must be a number > 0");
    }
  }

  /** REPEAT=N; auto is {@link #auto}'s. */
  static Integer repeat(String text) throws ScenarioException {
    return blank(text) || auto(text)
        ? null
        : whole(text, "REPEAT", "must be a whole number >= 1, or auto");
  }

  /** REPEAT=auto is true, a number false (it turns a scenario's repeat: auto off). */
  static Boolean autoRepeat(String text) {
    return blank(text) ? null : auto(text);
  }

  static Integer warmup(String text) throws ScenarioException {
    return blank(text) ? null : whole(text, "WARMUP", "must be a whole number >= 0");
  }

  static Path data(String text) {
    return blank(text) ? null : Path.of(text.trim());
  }

  /** TARGET=, IMAGE=, MEMORY=, DISK=: checked where they apply, as written. */
  static String trimmed(String text) {
    return blank(text) ? null : text.trim();
  }

  /** {@code head=/opt/pg-head/bin,patch=/opt/pg-patch/bin}: label to bin dir, in order. */
  static Map<String, String> builds(String given) throws ScenarioException {
    if (blank(given)) {
      return null;
    }
    String text = given.trim();
    Map<String, String> builds = new LinkedHashMap<>();
    for (String build : text.split("\\s*,\\s*", -1)) {
      int eq = build.indexOf('=');
      String label = eq < 0 ? build : build.substring(0, eq).strip();
      String dir = eq < 0 ? "" : build.substring(eq + 1).strip();
      if (!ServersSpec.LABEL.matcher(label).matches() || dir.isEmpty()) {
        throw new ScenarioException(
            "BUILDS="
                + text
                + ": give each build as label=<bin dir>, e.g."
                + " BUILDS=head=/opt/pg-head/bin,patch=/opt/pg-patch/bin (labels in lower-case"
                + " letters, digits, '.', '_' and '-')");
      }
      if (builds.put(label, dir) != null) {
        throw new ScenarioException("BUILDS=" + text + ": '" + label + "' is given twice");
      }
    }
    return builds;
  }

  /** BUDGET=10m: seconds per server. */
  static Long budgetSeconds(String budget) throws ScenarioException {
    if (blank(budget)) {
      return null;
    }
    Long seconds = Stopping.duration(budget);
    if (seconds == null) {
      throw new ScenarioException(
          "BUDGET=" + budget.strip() + ": give a time per server, e.g. BUDGET=10m (or 90s, 1h)");
    }
    return seconds;
  }

  private static boolean auto(String text) {
    return text.trim().equals("auto");
  }

  private static Integer whole(String text, String variable, String rule)
      throws ScenarioException {
    try {
      return Integer.valueOf(text.trim());
    } catch (NumberFormatException e) {
      throw new ScenarioException(variable + "=" + text + ": " + rule);
    }
  }

  private static boolean blank(String s) {
    return s == null || s.isBlank();
  }
}
