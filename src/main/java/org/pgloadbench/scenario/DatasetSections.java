package org.pgloadbench.scenario;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.pgloadbench.dataset.DatasetSpec;
import org.pgloadbench.dataset.IntArrayDataset;
import org.pgloadbench.dataset.IntArrayDataset.Distribution;
import org.pgloadbench.dataset.OsmPbfDataset;
import org.pgloadbench.dataset.OsmSyntheticDataset;
import org.pgloadbench.dataset.PgbenchDataset;
import org.pgloadbench.dataset.PointDataset;
import org.pgloadbench.dataset.PointDataset.Geometry;
import org.pgloadbench.dataset.PointDataset.Shape;
import org.pgloadbench.scenario.YamlNode.Mapping;

/**
 * The {@code dataset} section: its kind, then that kind's own small parser: the keys a kind takes,
 * their values checked with file:line errors, and defaults filled in.
 */
final class DatasetSections {
  static final List<String> DISTRIBUTIONS = List.of("uniform", "zipf", "identical");
  static final List<String> SHAPES = List.of("uniform", "clustered");
  static final List<String> GEOMETRIES = List.of("point", "box");

  /** Every dataset kind, as scenarios name them. */
  static final List<String> KINDS =
      List.of("osm-synthetic", "osm-pbf", "int-arrays", "points", "geometry", "pgbench");

  /** The keys of each kind's section, in {@link #KINDS} order. */
  static final Map<String, List<String>> KEYS =
      Map.of(
          "osm-synthetic", List.of("kind", "tables", "rows", "seed"),
          "osm-pbf", List.of("kind", "file", "tables"),
          "int-arrays", List.of("kind", "rows", "elements", "distribution", "domain", "seed"),
          "points", List.of("kind", "rows", "shape", "geometry", "seed"),
          "geometry", List.of("kind", "tables", "rows", "file", "srid", "seed"),
          "pgbench", List.of("kind", "scale"));

  static final int MAX_ELEMENTS = 100_000;
  static final int MAX_DOMAIN = Integer.MAX_VALUE - 1;
  static final int MAX_PGBENCH_SCALE = 20_000 - 1;
  private static final String TABLE_HINT =
      "list tables to load from nodes, ways, rels, e.g. tables: [nodes, ways]";

  private DatasetSections() {}

  /** The dataset section: its kind, then that kind's own parser. */
  static DatasetSpec dataset(YamlNode node, Path scenarioFile, boolean trusted)
      throws ScenarioException {
    Mapping m =
        node.asMapping(
            "e.g. dataset: {kind: osm-synthetic, tables: [ways], rows: {nodes: 1000, ways: 100}}");
    String kinds = String.join(", ", KINDS);
    YamlNode kindNode = m.required("kind", "use kind: one of " + kinds);
    String kind = kindNode.asText("use one of " + kinds);
    return switch (kind) {
      case "osm-synthetic" -> osmSynthetic(m);
      case "osm-pbf" -> pbfDataset(m, scenarioFile, trusted);
      case "int-arrays" -> DatasetSections.intArrays(m);
      case "points" -> DatasetSections.points(m);
      case "geometry" -> GeometrySection.geometry(m, scenarioFile, trusted);
      case "pgbench" -> DatasetSections.pgbench(m);
      default -> {
        throw kindNode.error(
            "'"
                + kind
                + "' is not a dataset kind"
                + YamlNode.didYouMean(kind, KINDS)
                + "; use one of "
                + kinds);
      }
    };
  }

  private static DatasetSpec osmSynthetic(Mapping m) throws ScenarioException {
    m.allowOnly(KEYS.get("osm-synthetic"), "keys");

    List<String> tables = tables(m.required("tables", TABLE_HINT));
    String rowsHint = "give rows per table, e.g. rows: {nodes: 1000000, ways: 100000}";
    Mapping rowsMap = m.required("rows", rowsHint).asMapping(rowsHint);
    rowsMap.allowOnly(DatasetSpec.MIDDLE_TABLES, "tables");
    Map<String, Long> rows = new LinkedHashMap<>();
    for (String table : DatasetSpec.MIDDLE_TABLES) {
      if (rowsMap.values().containsKey(table)) {
        rows.put(table, rowsMap.values().get(table).asWhole(1));
      }
    }
    for (String table : tables) {
      if (!rows.containsKey(table)) {
        throw rowsMap.error(
            "no row count for '" + table + "', which is loaded; add " + table + ": <rows>");
      }
    }

    YamlNode seed = m.optional("seed");
    return new OsmSyntheticDataset.Spec(
        tables, rows, seed == null ? 1 : seed.asWhole(Long.MIN_VALUE));
  }

  /**
   * {@code {kind: osm-pbf, file: <path>, tables: [...]}}: every table unless listed; the path is
   * relative to the scenario file's directory.
   */
  private static DatasetSpec pbfDataset(Mapping m, Path scenarioFile, boolean trusted)
      throws ScenarioException {
    m.allowOnly(KEYS.get("osm-pbf"), "keys");
    Path file = pbfFile(m, scenarioFile, trusted);
    YamlNode tablesNode = m.optional("tables");
    List<String> tables = tablesNode == null ? DatasetSpec.MIDDLE_TABLES : tables(tablesNode);
    return new OsmPbfDataset.Spec(file, tables);
  }

  /**
   * The {@code file:} of a dataset, relative to the scenario file's directory: an OSM PBF file,
   * unless the scenario is trusted.
   */
  static Path pbfFile(Mapping m, Path scenarioFile, boolean trusted) throws ScenarioException {
    String fileHint = "give the OSM PBF file, e.g. file: ../data/andorra-2023-07-12.osm.pbf";
    YamlNode fileNode = m.required("file", fileHint);
    String written = fileNode.asText(fileHint);
    Path parent = scenarioFile.toAbsolutePath().getParent();
    Path file = parent == null ? Path.of(written) : parent.resolve(written).normalize();
    if (!trusted && !written.endsWith(".pbf")) {
      // a file of any other kind (a key, a password file) is not the scenario's to read
      throw fileNode.error(
          ServersSection.untrusted(
              "a file that is not an OSM PBF file",
              "give a .osm.pbf file, or DATA=<file> on the command line"));
    }
    if (!Files.isRegularFile(file)) {
      throw fileNode.error(
          "no such file '"
              + written
              + "' (looked for "
              + file
              + "); give a path to an .osm.pbf file, relative to the scenario");
    }
    return file;
  }

  /** The tables listed, in load order. */
  private static List<String> tables(YamlNode tablesNode) throws ScenarioException {
    Set<String> chosen = new LinkedHashSet<>();
    for (YamlNode item : tablesNode.asList(TABLE_HINT).items()) {
      String table = item.asText(TABLE_HINT);
      if (!DatasetSpec.MIDDLE_TABLES.contains(table)) {
        throw item.error("'" + table + "' is not a table; use nodes, ways or rels");
      }
      if (!chosen.add(table)) {
        throw item.error("'" + table + "' is listed twice; list each table once");
      }
    }
    if (chosen.isEmpty()) {
      throw tablesNode.error("is empty; " + TABLE_HINT);
    }
    // Load order is fixed whatever the order written: ways refer to nodes, rels to both.
    return DatasetSpec.MIDDLE_TABLES.stream().filter(chosen::contains).toList();
  }

  /**
   * {@code {kind: int-arrays, rows: 10000, elements: 100, distribution: zipf, domain: 10000}}: one
   * table, int_arrays.
   */
  static DatasetSpec intArrays(Mapping m) throws ScenarioException {
    m.allowOnly(KEYS.get("int-arrays"), "keys");
    long rows = whole(m, "rows", "e.g. rows: 10000", 1, Integer.MAX_VALUE);
    int elements = (int) whole(m, "elements", "e.g. elements: 100", 0, MAX_ELEMENTS);
    String distribution = oneOf(m, "distribution", DISTRIBUTIONS, "uniform");
    YamlNode domain = m.optional("domain");
    return new IntArrayDataset.Spec(
        rows,
        elements,
        Distribution.byYamlName(distribution),
        domain == null ? 10_000 : (int) bounded(domain, 1, MAX_DOMAIN),
        seed(m));
  }

  /** {@code {kind: points, rows: 100000, shape: clustered, geometry: point}}: points or boxes. */
  static DatasetSpec points(Mapping m) throws ScenarioException {
    m.allowOnly(KEYS.get("points"), "keys");
    long rows = whole(m, "rows", "e.g. rows: 100000", 1, Long.MAX_VALUE);
    String shape = oneOf(m, "shape", SHAPES, "uniform");
    String geometry = oneOf(m, "geometry", GEOMETRIES, "point");
    return new PointDataset.Spec(
        rows, Shape.byYamlName(shape), Geometry.byYamlName(geometry), seed(m));
  }

  /**
   * {@code {kind: pgbench, scale: 1}}: pgbench's four tables at that scale factor (100,000 accounts
   * per unit). {@code SCALE=} multiplies the accounts; branches and tellers follow.
   */
  static DatasetSpec pgbench(Mapping m) throws ScenarioException {
    m.allowOnly(KEYS.get("pgbench"), "keys");
    YamlNode scale = m.optional("scale");
    return new PgbenchDataset.Spec(scale == null ? 1 : (int) bounded(scale, 1, MAX_PGBENCH_SCALE));
  }

  static long seed(Mapping m) throws ScenarioException {
    YamlNode seed = m.optional("seed");
    return seed == null ? 1 : seed.asWhole(Long.MIN_VALUE);
  }

  private static long whole(Mapping m, String key, String hint, long min, long max)
      throws ScenarioException {
    return bounded(m.required(key, hint), min, max);
  }

  static long bounded(YamlNode node, long min, long max) throws ScenarioException {
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
