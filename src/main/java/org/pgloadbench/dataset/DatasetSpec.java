package org.pgloadbench.dataset;

import static java.util.stream.Collectors.joining;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.pgloadbench.variant.LoadVariant;

/**
 * The data a scenario loads, as its {@code dataset} section gives it: one record per kind, kept
 * with its dataset (e.g. {@link PgbenchDataset.Spec}), and each record is the one place that
 * decides what is particular to its kind (its tables, how SCALE applies, what run.json records,
 * what it opens). The scenario's side of a kind, its keys, is {@code scenario/DatasetKinds}.
 */
public interface DatasetSpec {
  /** The osm2pgsql middle tables as scenarios name them, in load order. */
  List<String> MIDDLE_TABLES = List.of("nodes", "ways", "rels");

  /** The kind as scenarios name it, e.g. {@code osm-synthetic}. */
  String kind();

  /** The tables loaded, in load order: as scenarios name them for osm data, else their names. */
  List<String> tables();

  /** Rows per table as given (a file's: none; pgbench's: its accounts), in load order. */
  Map<String, Long> rows();

  /** Every row count multiplied by {@code scale}, rounded, at least 1; a file stays as it is. */
  DatasetSpec scaled(double scale);

  /** The file the rows come from (decoded once), or null for generated rows. */
  default Path file() {
    return null;
  }

  /**
   * What generated rows are a function of, with each row's index; what run.json records. A kind
   * without one (pgbench's) records 0, as run.json always has, and resuming compares it.
   */
  default long seed() {
    return 0;
  }

  /** The kind's own options by key, in the order {@code plan} and run.json give them. */
  default Map<String, String> options() {
    return Map.of();
  }

  /**
   * The rows as {@code plan} describes them: generated, {@code ways 200,000 rows, seed 42}; from a
   * file, {@code liechtenstein.osm.pbf, tables nodes, ways}.
   */
  default String describe() {
    if (file() != null) {
      return file().getFileName() + ", tables " + String.join(", ", tables());
    }
    return tables().stream().map(t -> Specs.rowCount(t, rows().get(t))).collect(joining(", "))
        + ", seed "
        + seed();
  }

  /** What run.json records: kind, tables, rows, seed or file, the kind's own options. */
  default Map<String, Object> json() {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("kind", kind());
    json.put("tables", tables());
    json.put("rows", rows());
    if (file() == null) {
      json.put("seed", seed());
    } else {
      json.put("file", file().getFileName().toString());
    }
    json.putAll(options());
    return json;
  }

  /** The tables a cell of {@code variant} creates, known without reading a file. */
  List<TableDef> tableDefs(LoadVariant variant);

  /**
   * The dataset itself: a PBF file is decoded here, before any clock starts, into a cache under
   * {@code workRoot}; {@code notes} hears how that went.
   */
  Dataset open(Path workRoot, Consumer<String> notes) throws IOException;

  /**
   * This dataset's tables filled from an OpenStreetMap PBF file instead ({@code DATA=}), or null
   * for a kind no such file feeds.
   */
  default DatasetSpec fromFile(Path pbf) {
    return null;
  }

  /**
   * The PostgreSQL extensions the rows need, created by the harness in each load database by these
   * fixed names (a scenario cannot name others): none for most kinds.
   */
  default List<Extension> extensions() {
    return List.of();
  }

  /**
   * Whether each load's step times are also told as {@code pgbench -i} prints its phases ({@code
   * done in ... (drop tables ..., ...)}): for pgbench's tables only. The runner's progress lines
   * and the report's pgbench section both follow this.
   */
  default boolean reportsPgbenchPhases() {
    return reportsPgbenchPhases(kind());
  }

  /** {@link #reportsPgbenchPhases()} of the kind a stored run names ({@code pgbench}, ...). */
  public static boolean reportsPgbenchPhases(String kind) {
    return PgbenchDataset.Spec.KIND.equals(kind);
  }

  /**
   * An extension a dataset needs from the server.
   *
   * @param name as CREATE EXTENSION takes it
   * @param install what to do where a server lacks it
   */
  record Extension(String name, String install) {}
}
