package org.pgloadbench.dataset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.pgloadbench.dataset.CapturingEncoder.rowsOf;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.dataset.CapturingEncoder.Geometry;
import org.pgloadbench.dataset.Dataset.Table;

/**
 * The geometry dataset without a server: its rows are the synthetic nodes' and ways' positions (or
 * a PBF file's) projected into the SRID, as osm2pgsql builds its points and lines. That PostGIS
 * loads them as written is {@code GeometryPostgisTest}'s.
 */
class GeometryDatasetTest {
  static final Path LIECHTENSTEIN = Path.of("data/liechtenstein-2013-08-03.osm.pbf");
  static final long SEED = 7;

  @TempDir Path cache;

  static List<Table> synthetic(long points, long lines, Srid srid) {
    Map<GeometryTable, Long> rows = new LinkedHashMap<>();
    rows.put(GeometryTable.POINT, points);
    rows.put(GeometryTable.LINE, lines);
    return GeometryDataset.synthetic(rows, srid, SEED).tables(null);
  }

  @Test
  void projectionsAreOsm2pgsqlsSrids() {
    assertThat(Srid.WGS84.x(1_234_567_890)).isEqualTo(123.456789);
    assertThat(Srid.WGS84.y(-472_000_000)).isEqualTo(-47.2);
    assertThat(Srid.WEB_MERCATOR.x(1_800_000_000)).isCloseTo(20037508.342789244, within(1e-6));
    assertThat(Srid.WEB_MERCATOR.y(0)).isCloseTo(0, within(1e-6));
    // latitudes beyond Mercator's square world are clamped to its edge, as osmium does
    assertThat(Srid.WEB_MERCATOR.y(900_000_000)).isCloseTo(20037508.34, within(0.1));
  }

  @Test
  void pointKIsNodeKsPositionAndLineKWayKsNodes() {
    List<Table> tables = synthetic(5000, 300, Srid.WEB_MERCATOR);
    assertThat(tables)
        .extracting(t -> t.def().createSql(false, false))
        .containsExactly(
            "CREATE TABLE planet_osm_point (osm_id int8 NOT NULL, way geometry(Point, 3857))",
            "CREATE TABLE planet_osm_line (osm_id int8 NOT NULL, way geometry(LineString, 3857))");
    assertThat(tables.get(1).def().indexes())
        .singleElement()
        .satisfies(
            i ->
                assertThat(i.createSql(null))
                    .isEqualTo(
                        "CREATE INDEX planet_osm_line_way_idx ON planet_osm_line USING gist"
                            + " (way) WITH (fillfactor = 100)"));

    NodeRows nodes = new NodeRows(SEED);
    OsmObject node = new OsmObject();
    List<List<Object>> points = rowsOf(tables.get(0).rows());
    assertThat(points).hasSize(5000);
    for (int k : new int[] {0, 1, 4095, 4096, 4999}) {
      nodes.fill(k, node.clear());
      assertThat(points.get(k))
          .containsExactly(
              (long) k + 1,
              new Geometry(
                  "POINT",
                  3857,
                  List.of(Srid.WEB_MERCATOR.x(node.lon), Srid.WEB_MERCATOR.y(node.lat))));
    }

    // the ways' node ids are those of osm-synthetic with as many nodes as points
    WayRows ways = new WayRows(SEED, 5000, 300);
    OsmObject way = new OsmObject();
    List<List<Object>> lines = rowsOf(tables.get(1).rows());
    assertThat(lines).hasSize(300);
    for (int k = 0; k < 300; k++) {
      ways.fill(k, way.clear());
      List<Double> xy = new ArrayList<>();
      for (int r = 0; r < way.refCount; r++) {
        nodes.fill(way.refs[r] - 1, node.clear());
        double x = Srid.WEB_MERCATOR.x(node.lon);
        double y = Srid.WEB_MERCATOR.y(node.lat);
        int n = xy.size();
        if (n == 0 || xy.get(n - 2) != x || xy.get(n - 1) != y) {
          xy.add(x);
          xy.add(y);
        }
      }
      if (xy.size() == 2) {
        xy.addAll(List.copyOf(xy)); // a zero-length line
      }
      assertThat(lines.get(k)).containsExactly((long) k + 1, new Geometry("LINESTRING", 3857, xy));
    }
  }

  @Test
  void slicesConcatenateToTheWholeAndDegreesAreOsmiums() {
    Table lines = synthetic(1000, 150, Srid.WGS84).get(1);
    List<List<Object>> whole = rowsOf(lines.rows());
    List<List<Object>> sliced = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      sliced.addAll(rowsOf(lines.rows().slice(i, 3)));
    }
    assertThat(sliced).isEqualTo(whole);
    Geometry first = (Geometry) whole.get(0).get(1);
    assertThat(first.srid()).isEqualTo(4326);
    // degrees as osmium's Location computes them: the fixed point over 1e7
    assertThat(first.xy())
        .allSatisfy(c -> assertThat(c * 1e7).isCloseTo(Math.rint(c * 1e7), within(1e-6)));
  }

  @Test
  void aPbfFilesTaggedNodesArePointsAndItsWaysLines() throws Exception {
    OsmPbfDataset pbf =
        OsmPbfDataset.prepare(LIECHTENSTEIN, List.of(MiddleTable.values()), cache, note -> {});
    List<String> notes = new ArrayList<>();
    GeometryCache geometries = GeometryCache.of(pbf, notes::add);
    assertThat(notes).singleElement().asString().startsWith("geometries: ");
    List<Table> tables =
        GeometryDataset.fromFile(geometries, List.of(GeometryTable.values()), Srid.WGS84)
            .tables(null);

    // the file's nodes, read back through the middle rows of the same decode
    Map<Long, double[]> positions = new HashMap<>();
    List<Long> tagged = new ArrayList<>();
    OsmObject node = new OsmObject();
    try (ObjectFile.Reader in =
        new ObjectFile.Reader(
            PbfDecoder.file(pbf.dir(), MiddleTable.NODES), MiddleTable.NODES, 0)) {
      for (long i = 0; i < pbf.count(MiddleTable.NODES); i++) {
        in.read(node.clear());
        positions.put(node.id, new double[] {node.lon / 1e7, node.lat / 1e7});
        if (node.tagCount > 0) {
          tagged.add(node.id);
        }
      }
    }
    List<List<Object>> points = rowsOf(tables.get(0).rows());
    assertThat(points).extracting(row -> row.get(0)).containsExactlyElementsOf(tagged);
    List<Object> first = points.get(0);
    double[] at = positions.get((Long) first.get(0));
    assertThat(first.get(1)).isEqualTo(new Geometry("POINT", 4326, List.of(at[0], at[1])));

    List<List<Object>> lines = rowsOf(tables.get(1).rows());
    assertThat(lines).hasSize((int) geometries.rows(GeometryTable.LINE));
    assertThat((long) lines.size())
        .isBetween(pbf.count(MiddleTable.WAYS) - 10, pbf.count(MiddleTable.WAYS));
    for (List<Object> line : lines) {
      List<Double> xy = ((Geometry) line.get(1)).xy();
      assertThat(xy.size()).isGreaterThanOrEqualTo(4);
      for (int i = 2; i < xy.size(); i += 2) {
        assertThat(xy.subList(i, i + 2)).isNotEqualTo(xy.subList(i - 2, i));
      }
    }

    // derived once: a second look finds them
    List<String> again = new ArrayList<>();
    GeometryCache.of(pbf, again::add);
    assertThat(again).isEmpty();
  }
}
