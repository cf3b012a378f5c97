package org.pgloadbench.scenario;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The data to load.
 *
 * @param kind {@code osm-synthetic} (generated rows), {@code osm-pbf} (a file's objects), or one of
 *     the other generated kinds: {@code int-arrays}, {@code points}, {@code pgbench}
 * @param tables the tables to load, in load order (nodes, ways, rels for osm; the table names of
 *     the other kinds)
 * @param rows rows per table, in load order; may hold a table not loaded (nodes sizes the node-id
 *     space that ways refer to)
 * @param seed the generator's seed
 * @param file the OSM PBF file of an {@code osm-pbf} dataset, null for a synthetic one; its rows
 *     are the file's objects, so {@code rows} is empty
 * @param options the parameters particular to the kind (e.g. {@code distribution: zipf} of
 *     int-arrays), validated when the scenario was loaded
 */
public record DatasetSpec(
    String kind,
    List<String> tables,
    Map<String, Long> rows,
    long seed,
    Path file,
    Map<String, String> options) {
  public static final String OSM_SYNTHETIC = "osm-synthetic";
  public static final String OSM_PBF = "osm-pbf";
  public static final String INT_ARRAYS = "int-arrays";
  public static final String POINTS = "points";
  public static final String PGBENCH = "pgbench";

  /** Every dataset kind, as scenarios name them. */
  public static final List<String> KINDS =
      List.of(OSM_SYNTHETIC, OSM_PBF, INT_ARRAYS, POINTS, PGBENCH);

  /** A dataset of a kind with its own options. */
  public DatasetSpec(
      String kind,
      List<String> tables,
      Map<String, Long> rows,
      long seed,
      Map<String, String> options) {
    this(kind, tables, rows, seed, null, options);
  }

  /** A dataset without options (osm-synthetic, or osm-pbf with its file). */
  public DatasetSpec(
      String kind, List<String> tables, Map<String, Long> rows, long seed, Path file) {
    this(kind, tables, rows, seed, file, Map.of());
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

  /** A synthetic dataset. */
  public DatasetSpec(String kind, List<String> tables, Map<String, Long> rows, long seed) {
    this(kind, tables, rows, seed, (Path) null);
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
    return new DatasetSpec(kind, tables, scaled, seed, null, options);
  }
}
