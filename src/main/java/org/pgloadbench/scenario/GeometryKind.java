package org.pgloadbench.scenario;

import static org.pgloadbench.scenario.DatasetSections.SEED;
import static org.pgloadbench.scenario.SchemaNodes.JSON;
import static org.pgloadbench.scenario.SchemaNodes.anyOf;
import static org.pgloadbench.scenario.SchemaNodes.enumOf;
import static org.pgloadbench.scenario.SchemaNodes.list;
import static org.pgloadbench.scenario.SchemaNodes.notRequired;
import static org.pgloadbench.scenario.SchemaNodes.requiring;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pgloadbench.dataset.DatasetSpec;
import org.pgloadbench.dataset.GeometryDataset;
import org.pgloadbench.dataset.GeometryTable;
import org.pgloadbench.dataset.Srid;
import org.pgloadbench.scenario.Keys.Key;
import org.pgloadbench.scenario.YamlNode.Mapping;

/**
 * The keys of {@code {kind: geometry, tables: [point, line], rows: {point: 300000, line: 100000},
 * srid: 3857}} ({@link DatasetKinds#GEOMETRY_KIND}): PostGIS geometries, generated ({@code rows},
 * {@code seed}) or from a PBF file ({@code file}).
 */
final class GeometryKind {
  private static final String TABLE_HINT = "list tables from point, line, e.g. tables: [line]";

  static final Key<List<String>> TABLES =
      Key.of(
              "tables",
              "The tables to load, point then line; both when left out.",
              () -> list(enumOf(GeometryTable.yamlNames(), null)))
          .hint(TABLE_HINT)
          .reading(
              node ->
                  DatasetSections.tables(
                      node,
                      GeometryTable.yamlNames(),
                      TABLE_HINT,
                      "a geometry table; use point or line"));
  static final Key<Mapping> ROWS =
      DatasetKinds.rows(
          false,
          "Rows per table, generated (point k is node k's position, line k way k through its"
              + " nodes); every loaded table needs a count. Or give file instead.",
          GeometryTable.yamlNames(),
          "give rows per table, e.g. rows: {point: 300000, line: 100000}, or a PBF file, e.g."
              + " file: ../data/andorra-2023-07-12.osm.pbf");
  static final Key<YamlNode> FILE =
      Key.of(
          "file",
          "Instead of rows: a .osm.pbf file, relative to the scenario file; its tagged nodes as"
              + " points, its ways as lines. DATA=<file> on the command line loads another.",
          DatasetSections::pbfFileSchema);
  static final Key<Srid> SRID =
      Key.of(
              "srid",
              "3857 (web Mercator, osm2pgsql's default; default) or 4326 (degrees)",
              () -> {
                ArrayNode codes = JSON.arrayNode();
                Srid.codes().forEach(codes::add);
                return JSON.objectNode().set("enum", codes);
              })
          .reading(GeometryKind::srid);

  static final Keys KEYS = Keys.of(TABLES, ROWS, FILE, SRID, SEED);

  private GeometryKind() {}

  /**
   * Rows generated or a file's, stated once for the loader and the schema: a file leaves out these
   * keys, the first the other alternative, each refused beside it with why.
   */
  private static final List<Map.Entry<Key<?>, String>> NOT_WITH_FILE =
      List.of(
          Map.entry(ROWS, "the rows are the file's; give rows or file, not both"),
          Map.entry(SEED, "a file's rows have no seed; leave seed out"));

  static DatasetSpec read(Mapping m, Path scenarioFile, boolean trusted)
      throws ScenarioException {
    List<String> tables = TABLES.in(m, GeometryTable.yamlNames());
    YamlNode fileNode = FILE.node(m);
    Srid srid = SRID.in(m, Srid.WEB_MERCATOR);
    if (fileNode != null) {
      for (var refused : NOT_WITH_FILE) {
        if (refused.getKey().node(m) != null) {
          throw refused.getKey().node(m).error(refused.getValue());
        }
      }
      Path file = DatasetSections.pbfFile(fileNode, scenarioFile, trusted);
      return new GeometryDataset.Spec(tables, Map.of(), file, srid, 1);
    }
    Mapping counts = ROWS.in(m, null);
    if (counts == null) {
      throw m.error("no rows; " + ROWS.hint());
    }
    Map<String, Long> rows = new LinkedHashMap<>();
    for (String table : tables) {
      YamlNode count = counts.values().get(table);
      if (count == null) {
        throw DatasetKinds.noRows(counts, table);
      }
      rows.put(table, count.asWhole(1));
    }
    return new GeometryDataset.Spec(tables, rows, null, srid, SEED.in(m, 1L));
  }

  /**
   * What {@link #read} checks of the keys together, as the schema says it: a count for every table
   * loaded (the listed ones, else both), and generated rows or a file's ({@link #NOT_WITH_FILE}).
   */
  static ArrayNode rules() {
    ArrayNode rules = JSON.arrayNode();
    for (String table : GeometryTable.yamlNames()) {
      ObjectNode loaded = anyOf(notRequired(TABLES.name()), DatasetKinds.listing(table));
      rules.add(DatasetKinds.needsRows(loaded.setAll(requiring(ROWS.name())), table));
    }
    String[] leftOut =
        NOT_WITH_FILE.stream().skip(1).map(e -> e.getKey().name()).toArray(String[]::new);
    ObjectNode file = requiring(FILE.name()).set("not", requiring(leftOut));
    rules.add(
        JSON.objectNode().set("oneOf", JSON.arrayNode().add(requiring(ROWS.name())).add(file)));
    return rules;
  }

  private static Srid srid(YamlNode node) throws ScenarioException {
    long code = node.asWhole(0);
    for (Srid srid : Srid.values()) {
      if (srid.code() == code) {
        return srid;
      }
    }
    throw node.error(
        "'" + code + "' is not an SRID osm2pgsql writes; use 3857 (web Mercator, its default) or"
            + " 4326 (degrees)");
  }
}
