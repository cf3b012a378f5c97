package org.pgloadbench.scenario;

import static org.pgloadbench.scenario.SchemaNodes.JSON;
import static org.pgloadbench.scenario.SchemaNodes.described;
import static org.pgloadbench.scenario.SchemaNodes.enumOf;
import static org.pgloadbench.scenario.SchemaNodes.known;
import static org.pgloadbench.scenario.SchemaNodes.list;
import static org.pgloadbench.scenario.SchemaNodes.properties;
import static org.pgloadbench.scenario.SchemaNodes.strings;
import static org.pgloadbench.scenario.SchemaNodes.type;
import static org.pgloadbench.scenario.SchemaNodes.whole;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pgloadbench.dataset.DatasetSpec;
import org.pgloadbench.dataset.GeometryTable;
import org.pgloadbench.dataset.Srid;

/** The {@code dataset} section of {@link ScenarioSchema}: each kind with its keys and bounds. */
final class DatasetSchema {
  private DatasetSchema() {}

  static final Map<String, String> KINDS =
      Map.of(
          "osm-synthetic",
          "synthetic osm2pgsql middle rows (nodes, ways, rels), a pure function of the seed",
          "osm-pbf",
          "the osm2pgsql middle rows of an OpenStreetMap PBF file",
          "int-arrays",
          "int_arrays (id int4, a int4[]), the GIN fast-insert thread's table",
          "points",
          "points (id int8, p point) or boxes (id int8, b box), in degrees",
          "geometry",
          "PostGIS geometries as osm2pgsql writes them: planet_osm_point and planet_osm_line"
              + " (osm_id, way geometry), generated or from a PBF file; needs a server with"
              + " PostGIS",
          "pgbench",
          "pgbench's four tables with the rows pgbench -i writes");

  static ObjectNode dataset() {
    ObjectNode node = type("object");
    node.put(
        "description",
        "What to load: a kind, and that kind's own keys. Rows are pure functions of the seed and"
            + " the row number, so every run loads the same rows.");
    node.set("required", strings(List.of("kind")));
    ObjectNode kind = JSON.objectNode();
    kind.set("enum", strings(DatasetSections.KINDS));
    StringBuilder kinds = new StringBuilder("The kind of rows:");
    for (String k : DatasetSections.KINDS) {
      kinds.append(' ').append(k).append(": ").append(known(KINDS, k)).append('.');
    }
    kind.put("description", kinds.toString());
    node.set("properties", JSON.objectNode().set("kind", kind));
    ArrayNode byKind = JSON.arrayNode();
    for (String k : DatasetSections.KINDS) {
      Map<String, JsonNode> keys = new LinkedHashMap<>();
      keys.put("kind", JSON.objectNode().put("const", k));
      List<String> required = new ArrayList<>(List.of("kind"));
      ArrayNode rules = JSON.arrayNode();
      switch (k) {
        case "osm-synthetic" -> {
          keys.put("tables", middleTables());
          ObjectNode rows = type("object");
          rows.put(
              "description",
              "Rows per table; nodes also sizes the node ids the ways refer to. Every loaded table"
                  + " needs a count.");
          ObjectNode counts = JSON.objectNode();
          for (String table : DatasetSpec.MIDDLE_TABLES) {
            counts.set(table, whole(1, Long.MAX_VALUE));
            // a loaded table needs its row count
            rules.add(
                JSON.objectNode()
                    .<ObjectNode>set(
                        "if",
                        JSON.objectNode()
                            .set(
                                "properties",
                                JSON.objectNode()
                                    .set(
                                        "tables",
                                        JSON.objectNode()
                                            .set(
                                                "contains",
                                                JSON.objectNode().put("const", table)))))
                    .set(
                        "then",
                        JSON.objectNode()
                            .set(
                                "properties",
                                JSON.objectNode()
                                    .set(
                                        "rows",
                                        JSON.objectNode()
                                            .set("required", strings(List.of(table)))))));
          }
          rows.set("properties", counts);
          rows.put("additionalProperties", false);
          keys.put("rows", rows);
          keys.put("seed", seed());
          required.addAll(List.of("tables", "rows"));
        }
        case "osm-pbf" -> {
          keys.put("file", pbfFile());
          keys.put(
              "tables", described(middleTables(), "The tables to load; all three when left out."));
          required.add("file");
        }
        case "int-arrays" -> {
          keys.put("rows", whole(1, Integer.MAX_VALUE));
          keys.put(
              "elements", described(whole(0, DatasetSections.MAX_ELEMENTS), "elements per array"));
          keys.put(
              "distribution",
              enumOf(
                  DatasetSections.DISTRIBUTIONS,
                  "uniform over 1..domain (default), zipf (skewed like words in text) or"
                      + " identical (every array {1..elements})"));
          keys.put(
              "domain",
              described(
                  whole(1, DatasetSections.MAX_DOMAIN), "the largest element (default 10000)"));
          keys.put("seed", seed());
          required.addAll(List.of("rows", "elements"));
        }
        case "points" -> {
          keys.put("rows", whole(1, Long.MAX_VALUE));
          keys.put(
              "shape",
              enumOf(DatasetSections.SHAPES, "uniform (default), or around 1,000 centres"));
          keys.put(
              "geometry",
              enumOf(
                  DatasetSections.GEOMETRIES,
                  "points (id, p point), default, or boxes (id, b box)"));
          keys.put("seed", seed());
          required.add("rows");
        }
        case "geometry" -> {
          keys.put(
              "tables",
              described(
                  list(enumOf(GeometryTable.yamlNames(), null)),
                  "The tables to load, point then line; both when left out."));
          ObjectNode rows = type("object");
          rows.put(
              "description",
              "Rows per table, generated (point k is node k's position, line k way k through its"
                  + " nodes); every loaded table needs a count. Or give file instead.");
          ObjectNode counts = JSON.objectNode();
          for (String table : GeometryTable.yamlNames()) {
            counts.set(table, whole(1, Long.MAX_VALUE));
            // generated rows need a count for every table loaded: the listed ones, else both
            ObjectNode loaded =
                JSON.objectNode()
                    .set(
                        "anyOf",
                        JSON.arrayNode()
                            .add(
                                JSON.objectNode()
                                    .set(
                                        "not",
                                        JSON.objectNode()
                                            .set("required", strings(List.of("tables")))))
                            .add(
                                JSON.objectNode()
                                    .set(
                                        "properties",
                                        JSON.objectNode()
                                            .set(
                                                "tables",
                                                JSON.objectNode()
                                                    .set(
                                                        "contains",
                                                        JSON.objectNode().put("const", table))))));
            rules.add(
                JSON.objectNode()
                    .<ObjectNode>set(
                        "if", loaded.<ObjectNode>set("required", strings(List.of("rows"))))
                    .set(
                        "then",
                        JSON.objectNode()
                            .set(
                                "properties",
                                JSON.objectNode()
                                    .set(
                                        "rows",
                                        JSON.objectNode()
                                            .set("required", strings(List.of(table)))))));
          }
          rows.set("properties", counts);
          rows.put("additionalProperties", false);
          keys.put("rows", rows);
          keys.put(
              "file",
              described(
                  pbfFile(),
                  "Instead of rows: a .osm.pbf file, relative to the scenario file; its tagged"
                      + " nodes as points, its ways as lines. DATA=<file> on the command line"
                      + " loads another."));
          ObjectNode srid = JSON.objectNode();
          ArrayNode codes = JSON.arrayNode();
          Srid.codes().forEach(codes::add);
          srid.set("enum", codes);
          keys.put(
              "srid",
              described(
                  srid, "3857 (web Mercator, osm2pgsql's default; default) or 4326 (degrees)"));
          keys.put("seed", seed());
          // generated rows or a file's, not both
          rules.add(
              JSON.objectNode()
                  .set(
                      "oneOf",
                      JSON.arrayNode()
                          .add(JSON.objectNode().set("required", strings(List.of("rows"))))
                          .add(
                              JSON.objectNode()
                                  .<ObjectNode>set("required", strings(List.of("file")))
                                  .set(
                                      "not",
                                      JSON.objectNode()
                                          .set("required", strings(List.of("seed")))))));
        }
        case "pgbench" ->
            keys.put(
                "scale",
                described(
                    whole(1, DatasetSections.MAX_PGBENCH_SCALE),
                    "pgbench's scale factor (default 1): 100,000 accounts, 10 tellers and 1"
                        + " branch per unit"));
        default -> throw new IllegalStateException("no schema for dataset kind " + k);
      }
      ObjectNode then = JSON.objectNode();
      then.set("properties", properties(keys, DatasetSections.KEYS.get(k), "dataset kind " + k));
      then.put("additionalProperties", false);
      then.set("required", strings(required));
      if (!rules.isEmpty()) {
        then.set("allOf", rules);
      }
      ObjectNode when = JSON.objectNode();
      when.set(
          "if",
          JSON.objectNode()
              .<ObjectNode>set("required", strings(List.of("kind")))
              .set("properties", JSON.objectNode().set("kind", JSON.objectNode().put("const", k))));
      when.set("then", then);
      byKind.add(when);
    }
    node.set("allOf", byKind);
    return node;
  }

  static ObjectNode seed() {
    return described(
        whole(Long.MIN_VALUE, Long.MAX_VALUE), "The rows' seed (default 1): same seed, same rows.");
  }

  /** An OSM PBF file a dataset reads. */
  static ObjectNode pbfFile() {
    return type("string")
        .put("pattern", "\\.pbf$")
        .put(
            "errorMessage",
            "a scenario may not choose a file that is not an OSM PBF file; give a"
                + " .osm.pbf file, or run with "
                + AllowedSettings.TRUST_FLAG
                + " if you trust this file")
        .put(
            "description",
            "The .osm.pbf file, relative to the scenario file; any other kind of file"
                + " needs "
                + AllowedSettings.TRUST_FLAG
                + ". DATA=<file> on the command line loads another.");
  }

  static ObjectNode middleTables() {
    ObjectNode tables = list(enumOf(DatasetSpec.MIDDLE_TABLES, null));
    tables.put("description", "The middle tables to load, loaded in the order nodes, ways, rels.");
    return tables;
  }
}
