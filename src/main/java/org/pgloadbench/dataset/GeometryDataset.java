package org.pgloadbench.dataset;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.pgloadbench.copy.RowEncoder;
import org.pgloadbench.dataset.Dataset.Table;
import org.pgloadbench.dataset.DatasetSpec.Extension;
import org.pgloadbench.variant.LoadVariant;

/**
 * PostGIS geometries as osm2pgsql writes them ({@link GeometryTable}): points and linestrings, in
 * SRID 3857 or 4326, from the synthetic osm generator or from a PBF file ({@link GeometryCache}).
 *
 * <p>Synthetic: point k is node k's position ({@link NodeRows}, every node, tagged or not); line k
 * is way k ({@link WayRows}) through its nodes' positions, consecutive equal positions dropped as
 * osm2pgsql drops them (a way left with one position repeats it: a zero-length line, so that every
 * generated way is a row). The ways' node ids are those of the osm-synthetic dataset: 1..point
 * rows, or 9 per line when no points are loaded. Each row is a pure function of (seed, index).
 */
public final class GeometryDataset {
  private GeometryDataset() {}

  /** Generated rows: {@code rows} per table, in load order. */
  static Dataset synthetic(Map<GeometryTable, Long> rows, Srid srid, long seed) {
    Map<String, Long> osmRows = new LinkedHashMap<>();
    osmRows.put("nodes", rows.getOrDefault(GeometryTable.POINT, 0L));
    osmRows.put("ways", rows.getOrDefault(GeometryTable.LINE, 0L));
    long nodeIds = new OsmSyntheticDataset(osmRows, seed).nodeIds();
    return Dataset.of(
        rows.entrySet().stream()
            .map(
                e ->
                    GeneratedSource.table(
                        e.getKey().tableDef(srid),
                        e.getValue(),
                        () ->
                            e.getKey() == GeometryTable.POINT
                                ? points(seed, srid)
                                : new LineFields(seed, srid, nodeIds, e.getValue())))
            .toList());
  }

  /** The geometries of a PBF file, derived once beside its decoded objects. */
  static Dataset fromFile(GeometryCache cache, List<GeometryTable> tables, Srid srid) {
    return Dataset.of(tables.stream().map(t -> new Table(cached(cache, t, srid))).toList());
  }

  /** Point k: node k's position. */
  private static GeneratedSource.Fields points(long seed, Srid srid) {
    NodeRows nodes = new NodeRows(seed);
    GeometryRowWriter writer = new GeometryRowWriter(srid);
    OsmObject node = new OsmObject();
    return (index, encoder) -> {
      nodes.locate(index, node);
      writer.point(node.id, node.lat, node.lon, encoder);
    };
  }

  /** Line k: way k through its nodes' positions, packed as the refs of a line. */
  private static final class LineFields implements GeneratedSource.Fields {
    private final WayRows ways;
    private final NodeRows nodes;
    private final GeometryRowWriter writer;
    private final OsmObject way = new OsmObject();
    private final OsmObject node = new OsmObject();
    private final OsmObject line = new OsmObject();

    LineFields(long seed, Srid srid, long nodeIds, long lines) {
      ways = new WayRows(seed, nodeIds, lines);
      nodes = new NodeRows(seed);
      writer = new GeometryRowWriter(srid);
    }

    @Override
    public void write(long index, RowEncoder encoder) {
      ways.fillRefs(index, way.clear());
      long[] positions = line.refsFor(Math.max(2, way.refCount));
      for (int i = 0; i < way.refCount; i++) {
        nodes.locate(way.refs[i] - 1, node);
        positions[i] = GeometryRowWriter.pack(node.lat, node.lon);
      }
      int count = GeometryRowWriter.collapse(positions, way.refCount);
      if (count < 2) {
        positions[1] = positions[0];
        count = 2;
      }
      writer.line(way.id, positions, count, encoder);
    }
  }

  /** The records of a derived geometry file: a point or a line per record. */
  private static RowSource cached(GeometryCache cache, GeometryTable table, Srid srid) {
    CachedRows records =
        new CachedRows(
            cache.file(table),
            GeometryCache.layout(table),
            "the derived geometries",
            () -> {
              GeometryRowWriter writer = new GeometryRowWriter(srid);
              return table == GeometryTable.POINT
                  ? (object, encoder) -> writer.point(object.id, object.lat, object.lon, encoder)
                  : (object, encoder) ->
                      writer.line(object.id, object.refs, object.refCount, encoder);
            });
    return new RowSource(table.tableDef(srid), 0, cache.rows(table), records);
  }

  /**
   * PostGIS geometries as osm2pgsql writes them, points and linestrings, in {@code srid}: generated
   * ({@code rows} per table, {@code seed}), or from a PBF file ({@code file}, rows none).
   */
  public record Spec(List<String> tables, Map<String, Long> rows, Path file, Srid srid, long seed)
      implements DatasetSpec {
    /** The kind as scenarios name it. */
    public static final String KIND = "geometry";

    /** The extension the geometry type comes from, and where to get it. */
    public static final Extension POSTGIS =
        new Extension(
            "postgis",
            "install PostGIS: on Debian, apt-get install postgresql-15-postgis-3 and run with"
                + " TARGET=local:/usr/lib/postgresql/15/bin; or give builds (BUILDS=), an image"
                + " (TARGET=container IMAGE=) or a URL server that have it");

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
      if (file != null) {
        return this;
      }
      return new Spec(tables, Specs.scaledRows(rows, scale), null, srid, seed);
    }

    /** These tables from {@code pbf} instead (DATA=). */
    @Override
    public Spec fromFile(Path pbf) {
      return new Spec(tables, Map.of(), pbf, srid, seed);
    }

    @Override
    public String describe() {
      return DatasetSpec.super.describe() + ", SRID " + srid.code() + ", needs PostGIS";
    }

    @Override
    public Map<String, String> options() {
      return Map.of("srid", String.valueOf(srid.code()));
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
          OsmPbfDataset.prepare(
              file, List.of(MiddleTable.values()), Specs.pbfCache(workRoot), notes);
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
}
