package org.pgloadbench.scenario;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The data to load.
 *
 * @param kind {@code osm-synthetic} (generated rows) or {@code osm-pbf} (a file's objects)
 * @param tables the tables to load, in load order (nodes, ways, rels)
 * @param rows rows per table, in load order; may hold a table not loaded (nodes sizes the node-id
 *     space that ways refer to)
 * @param seed the generator's seed
 * @param file the OSM PBF file of an {@code osm-pbf} dataset, null for a synthetic one; its rows
 *     are the file's objects, so {@code rows} is empty
 */
public record DatasetSpec(
    String kind, List<String> tables, Map<String, Long> rows, long seed, Path file) {
  public static final String OSM_SYNTHETIC = "osm-synthetic";
  public static final String OSM_PBF = "osm-pbf";
  public static final List<String> KINDS = List.of(OSM_SYNTHETIC, OSM_PBF);

  /** Every table a dataset knows, in load order. */
  public static final List<String> TABLES = List.of("nodes", "ways", "rels");

  public DatasetSpec {
    tables = List.copyOf(tables);
    rows = Collections.unmodifiableMap(new LinkedHashMap<>(rows));
  }

  /** A synthetic dataset. */
  public DatasetSpec(String kind, List<String> tables, Map<String, Long> rows, long seed) {
    this(kind, tables, rows, seed, null);
  }

  /** The objects of an OSM PBF file, loaded into {@code tables}. */
  public static DatasetSpec pbf(Path file, List<String> tables) {
    return new DatasetSpec(OSM_PBF, tables, Map.of(), 0, file);
  }

  /**
   * Every row count multiplied by {@code scale}, rounded, at least 1. A file's rows are what it
   * holds, so a PBF dataset stays as it is.
   */
  public DatasetSpec scaled(double scale) {
    if (file != null) {
      return this;
    }
    Map<String, Long> scaled = new LinkedHashMap<>();
    rows.forEach((table, n) -> scaled.put(table, Math.max(1, Math.round(n * scale))));
    return new DatasetSpec(kind, tables, scaled, seed, null);
  }
}
