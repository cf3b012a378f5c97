package org.pgloadbench.dataset;

import java.nio.file.Path;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import org.pgloadbench.variant.MiddleFormat;

/**
 * Synthetic osm2pgsql middle tables (new jsonb format) with OSM-like shapes, generated from a seed.
 *
 * <p>Every row is a pure function of (seed, table, row index): a splitmix64 hash of the three
 * starts a small generator used by that row alone. So a source streams any number of rows in
 * constant memory (one reused long[] of refs, one JSON buffer per column, nothing allocated
 * per row once the buffers have grown), the same seed always gives the same rows, and slices are
 * exact index ranges.
 *
 * <p>The shapes follow the planet (about 9 billion nodes, 1 billion ways, 12 million relations);
 * the row generators document the details:
 *
 * <ul>
 *   <li>nodes ({@link NodeRows}): ids 1..n without gaps; positions that drift a few metres per id
 *       within blocks of 4096 ids; 5% tagged from a small vocabulary, some names non-ASCII.
 *   <li>ways ({@link WayRows}): ids 1..n; half are closed 5-ref building rings, the rest log-normal
 *       with median 8 in 2..2000 refs; way k's refs start near node k·N/W and run mostly
 *       consecutively; 2% untagged.
 *   <li>rels ({@link RelationRows}): ids 1..n; multipolygons, routes, boundaries, associated
 *       streets with 2..300 members (median 5), mostly ways; always tagged.
 * </ul>
 *
 * <p>Refs stay within the id spaces of the other tables: N = the nodes rows, W = the ways rows. For
 * a table that is not loaded (absent or 0 rows) the planet ratios stand in: W = 80·R, N = 9·W.
 */
public final class OsmSyntheticDataset {
  /** Ways per relation and nodes per way in the planet, for id spaces of tables not loaded. */
  static final long WAYS_PER_RELATION = 80;

  static final long NODES_PER_WAY = 9;

  private final Map<MiddleTable, Long> rowsPerTable = new EnumMap<>(MiddleTable.class);
  private final long seed;

  /**
   * @param rowsPerTable rows by yaml table name ({@code nodes}, {@code ways}, {@code rels}), any
   *     subset; only these tables have a source
   */
  public OsmSyntheticDataset(Map<String, Long> rowsPerTable, long seed) {
    rowsPerTable.forEach(
        (name, rows) -> {
          MiddleTable table = MiddleTable.byYamlName(name);
          if (rows == null || rows < 0) {
            throw new IllegalArgumentException(
                "rows of table '" + name + "' must be >= 0, got " + rows);
          }
          this.rowsPerTable.put(table, rows);
        });
    this.seed = seed;
  }

  /** The rows of {@code table} in {@code format}; the table must be one it has rows for. */
  public RowSource source(MiddleTable table, MiddleFormat format) {
    Objects.requireNonNull(table, "table");
    Long rows = rowsPerTable.get(table);
    if (rows == null) {
      List<String> tables = rowsPerTable.keySet().stream().map(MiddleTable::yamlName).toList();
      throw new IllegalArgumentException(
          String.format(
              "the dataset has no row count for table '%s' (it has %s)", table.yamlName(), tables));
    }
    return new RowSource(
        table.tableDef(format),
        0,
        rows,
        new GeneratedSource(() -> fields(table, format, generator(table, rows))));
  }

  /** Each row's object from {@code generator}, written as {@code format} lays out the table. */
  private static GeneratedSource.Fields fields(
      MiddleTable table, MiddleFormat format, RowGenerator generator) {
    MiddleRowWriter writer = MiddleLayout.of(format).writer();
    OsmObject object = new OsmObject();
    return (index, encoder) -> {
      generator.fill(index, object.clear());
      writer.write(table, object, encoder);
    };
  }

  /**
   * Hands the first {@code count} objects of {@code table} to {@code action}, one reused object.
   */
  void forEach(MiddleTable table, long count, Consumer<OsmObject> action) {
    RowGenerator generator = generator(table, loadedRows(table));
    OsmObject object = new OsmObject();
    for (long index = 0; index < count; index++) {
      generator.fill(index, object.clear());
      action.accept(object);
    }
  }

  private RowGenerator generator(MiddleTable table, long rows) {
    return switch (table) {
      case NODES -> new NodeRows(seed);
      case WAYS -> new WayRows(seed, nodeIds(), rows);
      case RELS -> new RelationRows(seed, nodeIds(), wayIds(), rows);
    };
  }

  /** The node ids refs point to: 1..nodeIds(). */
  long nodeIds() {
    long nodes = loadedRows(MiddleTable.NODES);
    return nodes > 0 ? nodes : Math.multiplyExact(NODES_PER_WAY, wayIds());
  }

  /** The way ids relation members point to: 1..wayIds(). */
  long wayIds() {
    long ways = loadedRows(MiddleTable.WAYS);
    return ways > 0 ? ways : Math.multiplyExact(WAYS_PER_RELATION, loadedRows(MiddleTable.RELS));
  }

  private long loadedRows(MiddleTable table) {
    return rowsPerTable.getOrDefault(table, 0L);
  }

  /**
   * Synthetic osm2pgsql middle rows. {@code rows} come in load order, as the scenario's reader puts
   * them; they may size a table not loaded (node ids).
   */
  public record Spec(List<String> tables, Map<String, Long> rows, long seed)
      implements Specs.MiddleSpec {
    /** The kind as scenarios name it. */
    public static final String KIND = "osm-synthetic";

    public Spec {
      tables = List.copyOf(tables);
      rows = Collections.unmodifiableMap(new LinkedHashMap<>(rows));
    }

    @Override
    public String kind() {
      return KIND;
    }

    @Override
    public DatasetSpec scaled(double scale) {
      return new Spec(tables, Specs.scaledRows(rows, scale), seed);
    }

    @Override
    public Dataset open(Path workRoot, Consumer<String> notes) {
      OsmSyntheticDataset osm = new OsmSyntheticDataset(rows, seed);
      List<MiddleTable> middle = Specs.middleTables(tables);
      return variant ->
          middle.stream()
              .map(t -> new Dataset.Table(osm.source(t, variant.middleFormat())))
              .toList();
    }
  }
}
