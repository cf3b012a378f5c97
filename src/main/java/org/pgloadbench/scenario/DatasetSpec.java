package org.pgloadbench.scenario;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The data to load.
 *
 * @param kind the generator, e.g. {@code osm-synthetic}
 * @param tables the tables to load, in load order (nodes, ways, rels)
 * @param rows rows per table, in load order; may hold a table not loaded (nodes sizes the node-id
 *     space that ways refer to)
 * @param seed the generator's seed
 * @param options the parameters particular to the kind (e.g. {@code distribution: zipf} of
 *     int-arrays), validated when the scenario was loaded
 */
public record DatasetSpec(
    String kind,
    List<String> tables,
    Map<String, Long> rows,
    long seed,
    Map<String, String> options) {
  public static final String OSM_SYNTHETIC = "osm-synthetic";
  public static final String INT_ARRAYS = "int-arrays";
  public static final String POINTS = "points";
  public static final String PGBENCH = "pgbench";

  /** Every dataset kind, as scenarios name them. */
  public static final List<String> KINDS = List.of(OSM_SYNTHETIC, INT_ARRAYS, POINTS, PGBENCH);

  public DatasetSpec(String kind, List<String> tables, Map<String, Long> rows, long seed) {
    this(kind, tables, rows, seed, Map.of());
  }

  /** Every table a dataset knows, in load order. */
  public static final List<String> TABLES = List.of("nodes", "ways", "rels");

  public DatasetSpec {
    tables = List.copyOf(tables);
    rows = Collections.unmodifiableMap(new LinkedHashMap<>(rows));
    options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
  }

  /** An option the kind's parser validated and filled in. */
  public String option(String name) {
    String value = options.get(name);
    if (value == null) {
      throw new IllegalArgumentException("dataset " + kind + " has no option " + name);
    }
    return value;
  }

  /** Every row count multiplied by {@code scale}, rounded, at least 1. */
  public DatasetSpec scaled(double scale) {
    Map<String, Long> scaled = new LinkedHashMap<>();
    rows.forEach((table, n) -> scaled.put(table, Math.max(1, Math.round(n * scale))));
    return new DatasetSpec(kind, tables, scaled, seed, options);
  }
}
