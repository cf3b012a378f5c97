package org.pgloadbench.scenario;

import static org.pgloadbench.scenario.DatasetSections.SEED;
import static org.pgloadbench.scenario.DatasetSections.oneOf;
import static org.pgloadbench.scenario.SchemaNodes.JSON;
import static org.pgloadbench.scenario.SchemaNodes.described;
import static org.pgloadbench.scenario.SchemaNodes.property;
import static org.pgloadbench.scenario.SchemaNodes.strings;
import static org.pgloadbench.scenario.SchemaNodes.type;
import static org.pgloadbench.scenario.SchemaNodes.when;
import static org.pgloadbench.scenario.SchemaNodes.whole;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pgloadbench.dataset.DatasetSpec;
import org.pgloadbench.dataset.GeometryDataset;
import org.pgloadbench.dataset.IntArrayDataset;
import org.pgloadbench.dataset.OsmPbfDataset;
import org.pgloadbench.dataset.OsmSyntheticDataset;
import org.pgloadbench.dataset.PgbenchDataset;
import org.pgloadbench.dataset.PointDataset;
import org.pgloadbench.scenario.Keys.Key;
import org.pgloadbench.scenario.YamlNode.Mapping;

/**
 * Every dataset kind a scenario may name, each declared once: what it loads, its keys (their
 * values, descriptions and hints) and how they make the kind's spec. A new kind is its dataset
 * (with its {@link DatasetSpec} record) and its entry here.
 */
final class DatasetKinds {
  static final List<String> DISTRIBUTIONS = List.of("uniform", "zipf", "identical");
  static final List<String> SHAPES = List.of("uniform", "clustered");
  static final List<String> GEOMETRIES = List.of("point", "box");
  static final int MAX_ELEMENTS = 100_000;
  static final int MAX_DOMAIN = Integer.MAX_VALUE - 1;
  static final int MAX_PGBENCH_SCALE = 20_000 - 1;

  private static final Key<List<String>> MIDDLE_TABLES =
      Key.of("tables", DatasetSections::middleTablesSchema)
          .required(DatasetSections.TABLE_HINT)
          .reading(DatasetSections::middleTables);
  private static final Key<Mapping> MIDDLE_ROWS =
      rows(
          true,
          "Rows per table; nodes also sizes the node ids the ways refer to. Every loaded table"
              + " needs a count.",
          DatasetSpec.MIDDLE_TABLES,
          "give rows per table, e.g. rows: {nodes: 1000000, ways: 100000}");

  static final DatasetKind OSM_SYNTHETIC =
      new DatasetKind(
          OsmSyntheticDataset.Spec.KIND,
          "synthetic osm2pgsql middle rows (nodes, ways, rels), a pure function of the seed",
          Keys.of(MIDDLE_TABLES, MIDDLE_ROWS, SEED),
          (m, file, trusted) -> {
            List<String> tables = MIDDLE_TABLES.in(m);
            Mapping counts = MIDDLE_ROWS.in(m);
            // a table not loaded may have rows too: the nodes size the ids the ways refer to
            Map<String, Long> rows = new LinkedHashMap<>();
            for (String table : DatasetSpec.MIDDLE_TABLES) {
              if (counts.values().containsKey(table)) {
                rows.put(table, counts.values().get(table).asWhole(1));
              }
            }
            for (String table : tables) {
              if (!rows.containsKey(table)) {
                throw noRows(counts, table);
              }
            }
            return new OsmSyntheticDataset.Spec(tables, rows, SEED.in(m, 1L));
          },
          () -> {
            ArrayNode rules = JSON.arrayNode();
            DatasetSpec.MIDDLE_TABLES.forEach(t -> rules.add(needsRows(listing(t), t)));
            return rules;
          });

  private static final Key<YamlNode> PBF_FILE =
      Key.of("file", DatasetSections::pbfFileSchema).required(DatasetSections.PBF_HINT);

  private static final Key<List<String>> PBF_TABLES =
      Key.of(
              MIDDLE_TABLES.name(),
              "The tables to load; all three when left out.",
              DatasetSections::middleTablesSchema)
          .reading(DatasetSections::middleTables);

  static final DatasetKind OSM_PBF =
      new DatasetKind(
          OsmPbfDataset.Spec.KIND,
          "the osm2pgsql middle rows of an OpenStreetMap PBF file",
          Keys.of(PBF_FILE, PBF_TABLES),
          (m, file, trusted) -> {
            Path pbf = DatasetSections.pbfFile(PBF_FILE.in(m), file, trusted);
            return new OsmPbfDataset.Spec(pbf, PBF_TABLES.in(m, DatasetSpec.MIDDLE_TABLES));
          },
          JSON::arrayNode);

  private static final Key<Long> ARRAY_ROWS =
      Key.whole("rows", 1, Integer.MAX_VALUE, null).required("e.g. rows: 10000");
  private static final Key<Long> ELEMENTS =
      Key.whole("elements", 0, MAX_ELEMENTS, "elements per array").required("e.g. elements: 100");
  private static final Key<String> DISTRIBUTION =
      oneOf(
          "distribution",
          DISTRIBUTIONS,
          "uniform over 1..domain (default), zipf (skewed like words in text) or identical (every"
              + " array {1..elements})");
  private static final Key<Long> DOMAIN =
      Key.whole("domain", 1, MAX_DOMAIN, "the largest element (default 10000)");

  static final DatasetKind INT_ARRAYS =
      new DatasetKind(
          IntArrayDataset.Spec.KIND,
          "int_arrays (id int4, a int4[]), the GIN fast-insert thread's table",
          Keys.of(ARRAY_ROWS, ELEMENTS, DISTRIBUTION, DOMAIN, SEED),
          (m, file, trusted) ->
              new IntArrayDataset.Spec(
                  ARRAY_ROWS.in(m),
                  ELEMENTS.in(m).intValue(),
                  IntArrayDataset.Distribution.byYamlName(DISTRIBUTION.in(m, "uniform")),
                  DOMAIN.in(m, 10_000L).intValue(),
                  SEED.in(m, 1L)),
          JSON::arrayNode);

  private static final Key<Long> POINT_ROWS =
      Key.whole("rows", 1, Long.MAX_VALUE, null).required("e.g. rows: 100000");
  private static final Key<String> SHAPE =
      oneOf("shape", SHAPES, "uniform (default), or around 1,000 centres");
  private static final Key<String> GEOMETRY =
      oneOf("geometry", GEOMETRIES, "points (id, p point), default, or boxes (id, b box)");

  static final DatasetKind POINTS =
      new DatasetKind(
          PointDataset.Spec.KIND,
          "points (id int8, p point) or boxes (id int8, b box), in degrees",
          Keys.of(POINT_ROWS, SHAPE, GEOMETRY, SEED),
          (m, file, trusted) ->
              new PointDataset.Spec(
                  POINT_ROWS.in(m),
                  PointDataset.Shape.byYamlName(SHAPE.in(m, "uniform")),
                  PointDataset.Geometry.byYamlName(GEOMETRY.in(m, "point")),
                  SEED.in(m, 1L)),
          JSON::arrayNode);

  static final DatasetKind GEOMETRY_KIND =
      new DatasetKind(
          GeometryDataset.Spec.KIND,
          "PostGIS geometries as osm2pgsql writes them: planet_osm_point and planet_osm_line"
              + " (osm_id, way geometry), generated or from a PBF file; needs a server with"
              + " PostGIS",
          GeometryKind.KEYS,
          GeometryKind::read,
          GeometryKind::rules);

  private static final Key<Long> SCALE =
      Key.whole(
          "scale",
          1,
          MAX_PGBENCH_SCALE,
          "pgbench's scale factor (default 1): 100,000 accounts, 10 tellers and 1 branch per unit");

  static final DatasetKind PGBENCH =
      new DatasetKind(
          PgbenchDataset.Spec.KIND,
          "pgbench's four tables with the rows pgbench -i writes",
          Keys.of(SCALE),
          (m, file, trusted) -> new PgbenchDataset.Spec(SCALE.in(m, 1L).intValue()),
          JSON::arrayNode);

  /** Every kind, in the order the schema and the docs list them. */
  static final List<DatasetKind> ALL =
      List.of(OSM_SYNTHETIC, OSM_PBF, INT_ARRAYS, POINTS, GEOMETRY_KIND, PGBENCH);

  private DatasetKinds() {}

  static List<String> names() {
    return ALL.stream().map(DatasetKind::name).toList();
  }

  static DatasetKind named(String name) {
    return ALL.stream().filter(k -> k.name().equals(name)).findFirst().orElse(null);
  }

  static ScenarioException noRows(Mapping counts, String table) {
    return counts.error(
        "no row count for '" + table + "', which is loaded; add " + table + ": <rows>");
  }

  /** {@code rows:}, a count from 1 for some of {@code tables}. */
  static Key<Mapping> rows(boolean required, String description, List<String> tables, String hint) {
    return new Key<>(
        "rows",
        required,
        hint,
        () -> {
          ObjectNode counts = JSON.objectNode();
          tables.forEach(t -> counts.set(t, whole(1, Long.MAX_VALUE)));
          return described(type("object"), description)
              .<ObjectNode>set("properties", counts)
              .put("additionalProperties", false);
        },
        node -> {
          Mapping counts = node.asMapping(hint);
          counts.allowOnly(tables, "tables");
          return counts;
        });
  }

  /** A section whose {@code tables} lists {@code table}. */
  static ObjectNode listing(String table) {
    return property(
        "tables", JSON.objectNode().set("contains", JSON.objectNode().put("const", table)));
  }

  /** If the section is as {@code loaded} says, its rows must count {@code table}. */
  static ObjectNode needsRows(ObjectNode loaded, String table) {
    return when(
        loaded, property("rows", JSON.objectNode().set("required", strings(List.of(table)))));
  }
}
