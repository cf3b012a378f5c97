package org.pgloadbench.scenario;

import java.util.List;
import java.util.Locale;
import org.pgloadbench.dataset.DatasetSpec;
import org.pgloadbench.dataset.IntArrayDataset.Distribution;
import org.pgloadbench.dataset.PointDataset.Geometry;
import org.pgloadbench.dataset.PointDataset.Shape;
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
    int elements = (int) whole(m, "elements", "e.g. elements: 100", 0, 100_000);
    String distribution = oneOf(m, "distribution", DISTRIBUTIONS, "uniform");
    YamlNode domain = m.optional("domain");
    return new DatasetSpec.IntArrays(
        rows,
        elements,
        Distribution.byYamlName(distribution),
        domain == null ? 10_000 : (int) bounded(domain, 1, Integer.MAX_VALUE - 1),
        seed(m));
  }

  /** {@code {kind: points, rows: 100000, shape: clustered, geometry: point}}: points or boxes. */
  static DatasetSpec points(Mapping m) throws ScenarioException {
    m.allowOnly(List.of("kind", "rows", "shape", "geometry", "seed"), "keys");
    long rows = whole(m, "rows", "e.g. rows: 100000", 1, Long.MAX_VALUE);
    String shape = oneOf(m, "shape", SHAPES, "uniform");
    String geometry = oneOf(m, "geometry", GEOMETRIES, "point");
    return new DatasetSpec.Points(
        rows, Shape.byYamlName(shape), Geometry.byYamlName(geometry), seed(m));
  }

  /**
   * {@code {kind: pgbench, scale: 1}}: pgbench's four tables at that scale factor (100,000 accounts
   * per unit). {@code SCALE=} multiplies the accounts; branches and tellers follow.
   */
  static DatasetSpec pgbench(Mapping m) throws ScenarioException {
    m.allowOnly(List.of("kind", "scale"), "keys");
    YamlNode scale = m.optional("scale");
    return new DatasetSpec.Pgbench(scale == null ? 1 : (int) bounded(scale, 1, 20_000 - 1));
  }

  private static long seed(Mapping m) throws ScenarioException {
    YamlNode seed = m.optional("seed");
    return seed == null ? 1 : seed.asWhole(Long.MIN_VALUE);
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
