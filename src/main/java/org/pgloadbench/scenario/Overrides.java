package org.pgloadbench.scenario;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Values given on the command line (make variables PG, SCALE, REPEAT, WARMUP, DATA, TARGET) that
 * replace a scenario's; null keeps the scenario's value.
 *
 * @param versions replaces {@code servers.versions}
 * @param scale multiplies every row count (rounded, at least 1)
 * @param data an OSM PBF file whose objects replace the scenario's rows, same tables
 * @param target replaces {@code servers.target}, as TARGET= gives it
 */
public record Overrides(
    List<String> versions, Double scale, Integer repeat, Integer warmup, Path data, String target) {
  public static final Overrides NONE = new Overrides(null, null, null, null, null, null);

  public Overrides {
    versions = versions == null ? null : List.copyOf(versions);
  }

  public Overrides(List<String> versions, Double scale, Integer repeat, Integer warmup) {
    this(versions, scale, repeat, warmup, null, null);
  }

  /**
   * Reads the make variables as text, e.g. {@code parse("15,17", "0.1", null, "0")}; null or blank
   * keeps the scenario's value.
   */
  public static Overrides parse(String pg, String scale, String repeat, String warmup)
      throws ScenarioException {
    return parse(pg, scale, repeat, warmup, null);
  }

  /** As {@link #parse(String, String, String, String)}, with DATA, a path. */
  public static Overrides parse(String pg, String scale, String repeat, String warmup, String data)
      throws ScenarioException {
    return parse(pg, scale, repeat, warmup, data, null);
  }

  /** As {@link #parse(String, String, String, String, String)}, with TARGET. */
  public static Overrides parse(
      String pg, String scale, String repeat, String warmup, String data, String target)
      throws ScenarioException {
    Overrides o =
        new Overrides(
            blank(pg) ? null : Arrays.asList(pg.trim().split("\\s*,\\s*", -1)),
            blank(scale) ? null : number(scale, "SCALE", "must be a number > 0"),
            blank(repeat) ? null : whole(repeat, "REPEAT", "must be a whole number >= 1"),
            blank(warmup) ? null : whole(warmup, "WARMUP", "must be a whole number >= 0"),
            blank(data) ? null : Path.of(data.trim()),
            blank(target) ? null : target.trim());
    o.validate();
    return o;
  }

  void validate() throws ScenarioException {
    if (versions != null) {
      String given = "PG=" + String.join(",", versions);
      if (versions.isEmpty() || versions.equals(List.of(""))) {
        throw new ScenarioException(given + ": give at least one version (e.g. 17 or 15,17)");
      }
      Set<String> seen = new HashSet<>();
      for (String v : versions) {
        if (!ServersSpec.VERSION.matcher(v).matches()) {
          throw new ScenarioException(
              given + ": '" + v + "' is not a PostgreSQL version (expected e.g. 17 or 15,17)");
        }
        if (!seen.add(v)) {
          throw new ScenarioException(
              given + ": '" + v + "' is given twice; list each version once");
        }
      }
    }
    if (scale != null && !(scale > 0 && Double.isFinite(scale))) {
      throw new ScenarioException("SCALE=" + show(scale) + ": must be a number > 0");
    }
    if (repeat != null && repeat < 1) {
      throw new ScenarioException("REPEAT=" + repeat + ": must be a whole number >= 1");
    }
    if (warmup != null && warmup < 0) {
      throw new ScenarioException("WARMUP=" + warmup + ": must be a whole number >= 0");
    }
    if (data != null && !Files.isRegularFile(data)) {
      throw new ScenarioException(
          "DATA=" + data + ": no such file; give an OpenStreetMap .osm.pbf file");
    }
  }

  /**
   * The scenario's servers with TARGET and PG applied: TARGET moves them to another target (a local
   * build or a URL replaces the versions), PG replaces the versions.
   */
  ServersSpec servers(ServersSpec scenario) throws ScenarioException {
    if (target == null && versions == null) {
      return scenario;
    }
    String to = target == null ? scenario.target() : target;
    if (to.equals(ServersSpec.LOCAL) && target == null) {
      if (versions != null) {
        throw new ScenarioException(
            "PG="
                + String.join(",", versions)
                + ": the scenario runs local builds, not versions;"
                + " leave PG out, or add TARGET=embedded");
      }
      return scenario;
    }
    if (to.equals(ServersSpec.URL)) {
      to = scenario.url();
    }
    List<String> chosen = versions != null ? versions : scenario.versions();
    if (scenario.target().equals(ServersSpec.LOCAL) || scenario.target().equals(ServersSpec.URL)) {
      chosen = versions == null ? List.of() : versions;
    }
    try {
      ServersSpec spec = ServersSpec.of(to, chosen, scenario.image(), scenario.builds());
      if (versions != null && !spec.versions().equals(versions)) {
        throw new ScenarioException(
            "PG="
                + String.join(",", versions)
                + ": the "
                + spec.target()
                + " target runs the server it names, not versions; leave PG out");
      }
      return spec;
    } catch (IllegalArgumentException e) {
      throw new ScenarioException(
          "TARGET=" + (target == null ? to : shown(target)) + ": " + e.getMessage());
    }
  }

  /** Where fields now come from: a mistake in what PG or TARGET replaced is reported at them. */
  Origins origins(Origins scenario) {
    Origins origins = scenario;
    if (versions != null) {
      origins = origins.overriddenBy("servers.versions", "PG=" + String.join(",", versions));
    }
    if (target != null) {
      origins = origins.overriddenBy("servers", "TARGET=" + shown(target));
    }
    return origins;
  }

  /** A target as it can be shown: a URL with a password is not repeated. */
  private static String shown(String target) {
    return target.contains("@") ? "<url>" : target;
  }

  private static boolean blank(String s) {
    return s == null || s.isBlank();
  }

  private static Double number(String text, String variable, String rule) throws ScenarioException {
    try {
      return Double.valueOf(text.trim());
    } catch (NumberFormatException e) {
      throw new ScenarioException(variable + "=" + text + ": " + rule);
    }
  }

  private static Integer whole(String text, String variable, String rule) throws ScenarioException {
    try {
      return Integer.valueOf(text.trim());
    } catch (NumberFormatException e) {
      throw new ScenarioException(variable + "=" + text + ": " + rule);
    }
  }

  /** 0 rather than 0.0, as a user would have typed it. */
  private static String show(double d) {
    return Double.isFinite(d)
        ? BigDecimal.valueOf(d).stripTrailingZeros().toPlainString()
        : String.valueOf(d);
  }
}
