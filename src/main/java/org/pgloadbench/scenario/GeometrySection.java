package org.pgloadbench.scenario;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.pgloadbench.dataset.DatasetSpec;
import org.pgloadbench.dataset.GeometryDataset;
import org.pgloadbench.dataset.GeometryTable;
import org.pgloadbench.dataset.Srid;
import org.pgloadbench.scenario.YamlNode.Mapping;

/**
 * {@code {kind: geometry, tables: [point, line], rows: {point: 300000, line: 100000}, srid: 3857}}:
 * PostGIS geometries, generated ({@code rows}, {@code seed}) or from a PBF file ({@code file}).
 */
final class GeometrySection {
  static final String ROWS_HINT =
      "give rows per table, e.g. rows: {point: 300000, line: 100000}, or a PBF file, e.g. file:"
          + " ../data/andorra-2023-07-12.osm.pbf";
  private static final String TABLE_HINT = "list tables from point, line, e.g. tables: [line]";

  private GeometrySection() {}

  static DatasetSpec geometry(Mapping m, Path scenarioFile, boolean trusted)
      throws ScenarioException {
    m.allowOnly(DatasetSections.KEYS.get("geometry"), "keys");
    YamlNode tablesNode = m.optional("tables");
    List<String> tables = tablesNode == null ? GeometryTable.yamlNames() : tables(tablesNode);
    YamlNode rowsNode = m.optional("rows");
    YamlNode fileNode = m.optional("file");
    Srid srid = srid(m.optional("srid"));
    if (fileNode != null) {
      if (rowsNode != null) {
        throw rowsNode.error("the rows are the file's; give rows or file, not both");
      }
      if (m.optional("seed") != null) {
        throw m.optional("seed").error("a file's rows have no seed; leave seed out");
      }
      return new GeometryDataset.Spec(
          tables, Map.of(), DatasetSections.pbfFile(m, scenarioFile, trusted), srid, 1);
    }
    if (rowsNode == null) {
      throw m.error("no rows; " + ROWS_HINT);
    }
    Mapping rowsMap = rowsNode.asMapping(ROWS_HINT);
    rowsMap.allowOnly(GeometryTable.yamlNames(), "tables");
    Map<String, Long> rows = new LinkedHashMap<>();
    for (String table : tables) {
      YamlNode count = rowsMap.values().get(table);
      if (count == null) {
        throw rowsMap.error(
            "no row count for '" + table + "', which is loaded; add " + table + ": <rows>");
      }
      rows.put(table, count.asWhole(1));
    }
    return new GeometryDataset.Spec(tables, rows, null, srid, DatasetSections.seed(m));
  }

  /** The tables listed, in load order (points, then lines). */
  private static List<String> tables(YamlNode tablesNode) throws ScenarioException {
    Set<String> chosen = new LinkedHashSet<>();
    for (YamlNode item : tablesNode.asList(TABLE_HINT).items()) {
      String table = item.asText(TABLE_HINT);
      if (GeometryTable.find(table).isEmpty()) {
        throw item.error("'" + table + "' is not a geometry table; use point or line");
      }
      if (!chosen.add(table)) {
        throw item.error("'" + table + "' is listed twice; list each table once");
      }
    }
    if (chosen.isEmpty()) {
      throw tablesNode.error("is empty; " + TABLE_HINT);
    }
    return GeometryTable.yamlNames().stream().filter(chosen::contains).toList();
  }

  private static Srid srid(YamlNode node) throws ScenarioException {
    if (node == null) {
      return Srid.WEB_MERCATOR;
    }
    long code = node.asWhole(0);
    for (Srid srid : Srid.values()) {
      if (srid.code() == code) {
        return srid;
      }
    }
    throw node.error(
        "'"
            + code
            + "' is not an SRID osm2pgsql writes; use 3857 (web Mercator, its default) or 4326"
            + " (degrees)");
  }
}
