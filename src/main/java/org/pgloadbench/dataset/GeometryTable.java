package org.pgloadbench.dataset;

import java.util.List;
import org.pgloadbench.variant.YamlName;

/**
 * The osm2pgsql output tables a geometry dataset loads, named and laid out as osm2pgsql's pgsql
 * output names them: {@code planet_osm_point (osm_id int8, way geometry(Point, srid))} and {@code
 * planet_osm_line (osm_id int8, way geometry(LineString, srid))}, without osm2pgsql's tag columns,
 * and without a primary key (osm2pgsql gives them none).
 *
 * <p>The GiST index is built as osm2pgsql builds it after an import that will not be updated (no
 * {@code --slim}, or {@code --drop}): {@code CREATE INDEX ... USING GIST (way) WITH (fillfactor =
 * 100)} (its {@code table.cpp}; the flex output's default index is the same). An updatable import
 * leaves the fillfactor at GiST's default, 90.
 */
public enum GeometryTable implements YamlName {
  POINT("Point"),
  LINE("LineString");

  private static final String COLUMN = "way";

  private final String type;

  GeometryTable(String type) {
    this.type = type;
  }

  public String tableName() {
    return MiddleTable.PREFIX + yamlName();
  }

  /** The tables as scenarios name them, in load order. */
  public static List<String> yamlNames() {
    return YamlName.names(values());
  }

  public static GeometryTable byYamlName(String yamlName) {
    return YamlName.find(values(), yamlName)
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "no geometry table '" + yamlName + "'; use " + yamlNames()));
  }

  TableDef tableDef(Srid srid) {
    return new TableDef(
        tableName(),
        TableDef.columns(
            "osm_id int8 NOT NULL", COLUMN + " geometry(" + type + ", " + srid.code() + ")"),
        null,
        List.of(),
        List.of(TableDef.Index.on(tableName(), COLUMN, "gist", " WITH (fillfactor = 100)")));
  }
}
