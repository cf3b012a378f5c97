package org.pgloadbench.dataset;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import org.pgloadbench.dataset.IntArrayDataset.Distribution;
import org.pgloadbench.dataset.PointDataset.Geometry;
import org.pgloadbench.dataset.PointDataset.Shape;
import org.pgloadbench.server.ServerException;
import org.pgloadbench.server.WorkRoot;
import org.pgloadbench.variant.LoadVariant;

/**
 * The data a scenario loads, as its {@code dataset} section gives it: one record per kind, and each
 * record is the one place that decides what is particular to its kind (its tables, how SCALE
 * applies, what run.json records, what it opens).
 */
public sealed interface DatasetSpec {
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

  /** The rows as {@code plan} describes them, e.g. {@code ways 200,000 rows, seed 42}. */
  String describe();

  /** What run.json records: kind, tables, rows, seed or file, the kind's own options. */
  Map<String, Object> json();

  /** The tables a cell of {@code variant} creates, known without reading a file. */
  List<TableDef> tableDefs(LoadVariant variant);

  /**
   * The dataset itself: a PBF file is decoded here, before any clock starts, into a cache under
   * {@code workRoot}; {@code notes} hears how that went.
   */
  Dataset open(Path workRoot, Consumer<String> notes) throws IOException;

  /**
   * The PostgreSQL extensions the rows need, created by the harness in each fresh database by these
   * fixed names (a scenario cannot name others): none for most kinds.
   */
  default List<Extension> extensions() {
    return List.of();
  }

  /**
   * An extension a dataset needs from the server.
   *
   * @param name as CREATE EXTENSION takes it
   * @param install what to do where a server lacks it
   */
  record Extension(String name, String install) {}

  /** Synthetic osm2pgsql middle rows. {@code rows} may size a table not loaded (node ids). */
  record OsmSynthetic(List<String> tables, Map<String, Long> rows, long seed)
      implements DatasetSpec {
    public OsmSynthetic {
      tables = List.copyOf(tables);
      rows = ordered(rows);
    }

    @Override
    public String kind() {
      return "osm-synthetic";
    }

    @Override
    public DatasetSpec scaled(double scale) {
      Map<String, Long> scaled = new LinkedHashMap<>();
      rows.forEach((table, n) -> scaled.put(table, scaledRows(n, scale)));
      return new OsmSynthetic(tables, scaled, seed);
    }

    @Override
    public String describe() {
      return String.join(", ", tables.stream().map(t -> rowCount(t, rows.get(t))).toList())
          + ", seed "
          + seed;
    }

    @Override
    public Map<String, Object> json() {
      return jsonOf(kind(), tables, rows, "seed", seed, Map.of());
    }

    @Override
    public List<TableDef> tableDefs(LoadVariant variant) {
      return middleTables(tables).stream().map(t -> t.tableDef(variant.middleFormat())).toList();
    }

    @Override
    public Dataset open(Path workRoot, Consumer<String> notes) {
      OsmSyntheticDataset osm = new OsmSyntheticDataset(rows, seed);
      List<MiddleTable> middle = middleTables(tables);
      return variant ->
          middle.stream()
              .map(
                  t ->
                      new Dataset.Table(
                          t.tableDef(variant.middleFormat()),
                          osm.source(t, variant.middleFormat())))
              .toList();
    }
  }

  /** The objects of an OSM PBF file, as osm2pgsql writes them to its middle tables. */
  record OsmPbf(Path file, List<String> tables) implements DatasetSpec {
    public OsmPbf {
      tables = List.copyOf(tables);
    }

    @Override
    public String kind() {
      return "osm-pbf";
    }

    /** None: the file's objects, counted when it is decoded. */
    @Override
    public Map<String, Long> rows() {
      return Map.of();
    }

    @Override
    public DatasetSpec scaled(double scale) {
      return this;
    }

    @Override
    public String describe() {
      return file.getFileName() + ", tables " + String.join(", ", tables);
    }

    @Override
    public Map<String, Object> json() {
      return jsonOf(kind(), tables, rows(), "file", file.getFileName().toString(), Map.of());
    }

    @Override
    public List<TableDef> tableDefs(LoadVariant variant) {
      return middleTables(tables).stream().map(t -> t.tableDef(variant.middleFormat())).toList();
    }

    @Override
    public Dataset open(Path workRoot, Consumer<String> notes) throws IOException {
      return OsmPbfDataset.prepare(file, middleTables(tables), pbfCache(workRoot), notes);
    }
  }

  /** The GIN fast-insert thread's table of integer arrays. */
  record IntArrays(long rowCount, int elements, Distribution distribution, int domain, long seed)
      implements DatasetSpec {
    @Override
    public String kind() {
      return "int-arrays";
    }

    @Override
    public List<String> tables() {
      return List.of(IntArrayDataset.TABLE_NAME);
    }

    @Override
    public Map<String, Long> rows() {
      return Map.of(IntArrayDataset.TABLE_NAME, rowCount);
    }

    @Override
    public DatasetSpec scaled(double scale) {
      return new IntArrays(scaledRows(rowCount, scale), elements, distribution, domain, seed);
    }

    @Override
    public String describe() {
      return generated(
          this,
          "elements " + elements,
          "distribution " + distribution.yamlName(),
          "domain " + domain);
    }

    @Override
    public Map<String, Object> json() {
      Map<String, String> options = new LinkedHashMap<>();
      options.put("elements", String.valueOf(elements));
      options.put("distribution", distribution.yamlName());
      options.put("domain", String.valueOf(domain));
      return jsonOf(kind(), tables(), rows(), "seed", seed, options);
    }

    @Override
    public List<TableDef> tableDefs(LoadVariant variant) {
      return open(null, note -> {}).tables(variant).stream().map(Dataset.Table::def).toList();
    }

    @Override
    public Dataset open(Path workRoot, Consumer<String> notes) {
      return new IntArrayDataset(rowCount, elements, distribution, domain, seed);
    }
  }

  /** Points or boxes in degrees, for GiST builds. */
  record Points(long rowCount, Shape shape, Geometry geometry, long seed) implements DatasetSpec {
    @Override
    public String kind() {
      return "points";
    }

    @Override
    public List<String> tables() {
      return List.of(geometry.table().name());
    }

    @Override
    public Map<String, Long> rows() {
      return Map.of(geometry.table().name(), rowCount);
    }

    @Override
    public DatasetSpec scaled(double scale) {
      return new Points(scaledRows(rowCount, scale), shape, geometry, seed);
    }

    @Override
    public String describe() {
      return generated(this, "shape " + shape.yamlName(), "geometry " + geometry.yamlName());
    }

    @Override
    public Map<String, Object> json() {
      Map<String, String> options = new LinkedHashMap<>();
      options.put("shape", shape.yamlName());
      options.put("geometry", geometry.yamlName());
      return jsonOf(kind(), tables(), rows(), "seed", seed, options);
    }

    @Override
    public List<TableDef> tableDefs(LoadVariant variant) {
      return open(null, note -> {}).tables(variant).stream().map(Dataset.Table::def).toList();
    }

    @Override
    public Dataset open(Path workRoot, Consumer<String> notes) {
      return new PointDataset(rowCount, shape, geometry, seed);
    }
  }

  /**
   * PostGIS geometries as osm2pgsql writes them, points and linestrings, in {@code srid}: generated
   * ({@code rows} per table, {@code seed}), or from a PBF file ({@code file}, rows none).
   */
  record Geometries(List<String> tables, Map<String, Long> rows, Path file, Srid srid, long seed)
      implements DatasetSpec {
    /** The extension the geometry type comes from, and where to get it. */
    public static final Extension POSTGIS =
        new Extension(
            "postgis",
            "install PostGIS: on Debian, apt-get install postgresql-15-postgis-3 and run with"
                + " TARGET=local:/usr/lib/postgresql/15/bin; or give builds (BUILDS=), an image"
                + " (TARGET=container IMAGE=) or a URL server that have it");

    public Geometries {
      tables = List.copyOf(tables);
      rows = Collections.unmodifiableMap(new LinkedHashMap<>(rows));
    }

    @Override
    public String kind() {
      return "geometry";
    }

    @Override
    public DatasetSpec scaled(double scale) {
      if (file != null) {
        return this;
      }
      Map<String, Long> scaled = new LinkedHashMap<>();
      rows.forEach((table, n) -> scaled.put(table, scaledRows(n, scale)));
      return new Geometries(tables, scaled, null, srid, seed);
    }

    /** These tables from {@code pbf} instead (DATA=). */
    public Geometries fromFile(Path pbf) {
      return new Geometries(tables, Map.of(), pbf, srid, seed);
    }

    @Override
    public String describe() {
      String what =
          file == null
              ? String.join(", ", tables.stream().map(t -> rowCount(t, rows.get(t))).toList())
                  + ", seed "
                  + seed
              : file.getFileName() + ", tables " + String.join(", ", tables);
      return what + ", SRID " + srid.code() + ", needs PostGIS";
    }

    @Override
    public Map<String, Object> json() {
      Map<String, String> options = Map.of("srid", String.valueOf(srid.code()));
      return file == null
          ? jsonOf(kind(), tables, rows, "seed", seed, options)
          : jsonOf(kind(), tables, rows, "file", file.getFileName().toString(), options);
    }

    @Override
    public List<TableDef> tableDefs(LoadVariant variant) {
      return geometryTables().stream().map(t -> t.tableDef(srid)).toList();
    }

    @Override
    public Dataset open(Path workRoot, Consumer<String> notes) throws IOException {
      if (file == null) {
        Map<GeometryTable, Long> generated = new LinkedHashMap<>();
        geometryTables().forEach(t -> generated.put(t, rows.get(t.yamlName())));
        return GeometryDataset.synthetic(generated, srid, seed);
      }
      OsmPbfDataset pbf =
          OsmPbfDataset.prepare(file, List.of(MiddleTable.values()), pbfCache(workRoot), notes);
      return GeometryDataset.fromFile(GeometryCache.of(pbf, notes), geometryTables(), srid);
    }

    @Override
    public List<Extension> extensions() {
      return List.of(POSTGIS);
    }

    private List<GeometryTable> geometryTables() {
      return tables.stream().map(GeometryTable::byYamlName).toList();
    }
  }

  /**
   * pgbench's four tables at scale {@code scale} ({@value PgbenchDataset#ACCOUNTS_PER_BRANCH}
   * accounts per unit); SCALE multiplies the accounts, branches and tellers follow.
   */
  record Pgbench(int scale, long accounts) implements DatasetSpec {
    public Pgbench(int scale) {
      this(scale, (long) scale * PgbenchDataset.ACCOUNTS_PER_BRANCH);
    }

    @Override
    public String kind() {
      return "pgbench";
    }

    @Override
    public List<String> tables() {
      return List.of("pgbench_branches", "pgbench_tellers", "pgbench_accounts", "pgbench_history");
    }

    @Override
    public Map<String, Long> rows() {
      return Map.of("pgbench_accounts", accounts);
    }

    @Override
    public DatasetSpec scaled(double factor) {
      return new Pgbench(scale, scaledRows(accounts, factor));
    }

    @Override
    public String describe() {
      return generated(this, "scale " + scale);
    }

    @Override
    public Map<String, Object> json() {
      // pgbench has no seed; run.json has always recorded 0, and resuming compares it
      return jsonOf(kind(), tables(), rows(), "seed", 0L, Map.of("scale", String.valueOf(scale)));
    }

    @Override
    public List<TableDef> tableDefs(LoadVariant variant) {
      return open(null, note -> {}).tables(variant).stream().map(Dataset.Table::def).toList();
    }

    @Override
    public Dataset open(Path workRoot, Consumer<String> notes) {
      return new PgbenchDataset(accounts);
    }
  }

  private static long scaledRows(long rows, double scale) {
    return Math.max(1, Math.round(rows * scale));
  }

  private static String rowCount(String table, long rows) {
    return String.format(Locale.ROOT, "%s %,d rows", table, rows);
  }

  /** A generated kind's tables with their rows (some derived, as pgbench's), then its options. */
  private static String generated(DatasetSpec spec, String... options) {
    List<String> parts = new ArrayList<>();
    try {
      for (Dataset.Table t : spec.open(null, note -> {}).tables(null)) {
        parts.add(rowCount(t.def().name(), t.rows().rows()));
      }
    } catch (IOException e) {
      throw new IllegalStateException("a generated dataset reads no file", e);
    }
    parts.addAll(List.of(options));
    return String.join(", ", parts);
  }

  private static Map<String, Long> ordered(Map<String, Long> rows) {
    Map<String, Long> ordered = new LinkedHashMap<>();
    MIDDLE_TABLES.stream().filter(rows::containsKey).forEach(t -> ordered.put(t, rows.get(t)));
    rows.forEach(ordered::putIfAbsent);
    return Collections.unmodifiableMap(ordered);
  }

  /**
   * The decoded files' cache, checked like the work root (the user's own, no one else may write to
   * it, not a link): it is read for every target, the servers' too.
   */
  private static Path pbfCache(Path workRoot) throws DataFileException {
    try {
      WorkRoot.prepare(workRoot);
      return WorkRoot.prepare(workRoot.resolve("osm-pbf"));
    } catch (ServerException e) {
      throw new DataFileException(e.getMessage());
    }
  }

  private static List<MiddleTable> middleTables(List<String> tables) {
    return tables.stream().map(MiddleTable::byYamlName).toList();
  }

  private static Map<String, Object> jsonOf(
      String kind,
      List<String> tables,
      Map<String, Long> rows,
      String originKey,
      Object origin,
      Map<String, String> options) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("kind", kind);
    json.put("tables", tables);
    json.put("rows", rows);
    json.put(originKey, origin);
    json.putAll(options);
    return json;
  }
}
