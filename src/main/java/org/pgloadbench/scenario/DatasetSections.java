package org.pgloadbench.scenario;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.pgloadbench.scenario.YamlNode.Mapping;

/**
 * The dataset sections of the kinds other than osm-synthetic, one small parser each: the keys a
 * kind takes, their values checked with file:line errors, and defaults filled in.
 */
final class DatasetSections {
  static final List<String> DISTRIBUTIONS = List.of("uniform", "zipf", "identical");
  static final List<String> SHAPES = List.of("uniform", "clustered");
  static final List<String> GEOMETRIES = List.of("point", "box");

  private DatasetSections() {}

  /**
   * {@code {kind: int-arrays, rows: 10000, elements: 100, distribution: zipf, domain: 10000}}: one
   * table, int_arrays.
   */
  static DatasetSpec intArrays(Mapping m) throws ScenarioException {
    m.allowOnly(List.of("kind", "rows", "elements", "distribution", "domain", "seed"), "keys");
    long rows = whole(m, "rows", "e.g. rows: 10000", 1, Integer.MAX_VALUE);
    Map<String, String> options = new LinkedHashMap<>();
    options.put("elements", String.valueOf(whole(m, "elements", "e.g. elements: 100", 0, 100_000)));
    options.put("distribution", oneOf(m, "distribution", DISTRIBUTIONS, "uniform"));
    YamlNode domain = m.optional("domain");
    options.put(
        "domain",
        String.valueOf(domain == null ? 10_000 : bounded(domain, 1, Integer.MAX_VALUE - 1)));
    return spec(DatasetSpec.INT_ARRAYS, "int_arrays", rows, m, options);
  }

  /** {@code {kind: points, rows: 100000, shape: clustered, geometry: point}}: points or boxes. */
  static DatasetSpec points(Mapping m) throws ScenarioException {
    m.allowOnly(List.of("kind", "rows", "shape", "geometry", "seed"), "keys");
    long rows = whole(m, "rows", "e.g. rows: 100000", 1, Long.MAX_VALUE);
    Map<String, String> options = new LinkedHashMap<>();
    options.put("shape", oneOf(m, "shape", SHAPES, "uniform"));
    String geometry = oneOf(m, "geometry", GEOMETRIES, "point");
    options.put("geometry", geometry);
    return spec(
        DatasetSpec.POINTS, geometry + (geometry.equals("box") ? "es" : "s"), rows, m, options);
  }

  /**
   * {@code {kind: pgbench, scale: 1}}: pgbench's four tables at that scale factor (100,000 accounts
   * per unit). {@code SCALE=} multiplies the accounts; branches and tellers follow.
   */
  static DatasetSpec pgbench(Mapping m) throws ScenarioException {
    m.allowOnly(List.of("kind", "scale"), "keys");
    YamlNode scale = m.optional("scale");
    long factor = scale == null ? 1 : bounded(scale, 1, 20_000 - 1);
    Map<String, Long> rows = Map.of("pgbench_accounts", factor * 100_000);
    return new DatasetSpec(
        DatasetSpec.PGBENCH,
        List.of("pgbench_branches", "pgbench_tellers", "pgbench_accounts", "pgbench_history"),
        rows,
        0,
        Map.of("scale", String.valueOf(factor)));
  }

  private static DatasetSpec spec(
      String kind, String table, long rows, Mapping m, Map<String, String> options)
      throws ScenarioException {
    YamlNode seed = m.optional("seed");
    return new DatasetSpec(
        kind,
        List.of(table),
        Map.of(table, rows),
        seed == null ? 1 : seed.asWhole(Long.MIN_VALUE),
        options);
  }

  private static long whole(Mapping m, String key, String hint, long min, long max)
      throws ScenarioException {
    return bounded(m.required(key, hint), min, max);
  }

  private static long bounded(YamlNode node, long min, long max) throws ScenarioException {
    long value = node.asWhole(min);
    if (value > max) {
      throw node.error("'" + value + "' is too large; use at most " + max);
    }
    return value;
  }

  private static String oneOf(Mapping m, String key, List<String> allowed, String absent)
      throws ScenarioException {
    YamlNode node = m.optional(key);
    if (node == null) {
      return absent;
    }
    String hint = "use " + String.join(", ", allowed);
    String value = node.asText(hint).toLowerCase(Locale.ROOT);
    if (!allowed.contains(value)) {
      throw node.error("'" + value + "' is not a " + key + "; " + hint);
    }
    return value;
  }
}
