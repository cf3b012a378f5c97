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
 */
public record DatasetSpec(String kind, List<String> tables, Map<String, Long> rows, long seed) {
  public static final String OSM_SYNTHETIC = "osm-synthetic";

  /** Every table a dataset knows, in load order. */
  public static final List<String> TABLES = List.of("nodes", "ways", "rels");

  public DatasetSpec {
    tables = List.copyOf(tables);
    rows = Collections.unmodifiableMap(new LinkedHashMap<>(rows));
  }

  /** Every row count multiplied by {@code scale}, rounded, at least 1. */
  public DatasetSpec scaled(double scale) {
    Map<String, Long> scaled = new LinkedHashMap<>();
    rows.forEach((table, n) -> scaled.put(table, Math.max(1, Math.round(n * scale))));
    return new DatasetSpec(kind, tables, scaled, seed);
  }
}
