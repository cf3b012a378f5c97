package org.pgloadbench.dataset;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.pgloadbench.dataset.TableDef.Column;

/**
 * The three tables of osm2pgsql's middle in its new (jsonb) format, as scenarios name them, with
 * the indexes osm2pgsql builds on them after the load.
 */
public enum MiddleTable {
  NODES(
      "nodes",
      new TableDef(
          "planet_osm_nodes",
          List.of(
              new Column("id", "int8 NOT NULL"),
              new Column("lat", "int4 NOT NULL"),
              new Column("lon", "int4 NOT NULL"),
              new Column("tags", "jsonb")),
          "id")),
  WAYS(
      "ways",
      new TableDef(
          "planet_osm_ways",
          List.of(
              new Column("id", "int8 NOT NULL"),
              new Column("nodes", "int8[] NOT NULL"),
              new Column("tags", "jsonb")),
          "id",
          List.of(MiddleIndexes.BUCKET_FUNCTION),
          MiddleIndexes.WAYS)),
  RELS(
      "rels",
      new TableDef(
          "planet_osm_rels",
          List.of(
              new Column("id", "int8 NOT NULL"),
              new Column("members", "jsonb NOT NULL"),
              new Column("tags", "jsonb")),
          "id",
          List.of(MiddleIndexes.MEMBER_IDS_FUNCTION),
          MiddleIndexes.RELS));

  private final String yamlName;
  private final TableDef tableDef;

  MiddleTable(String yamlName, TableDef tableDef) {
    this.yamlName = yamlName;
    this.tableDef = tableDef;
  }

  /** The key a scenario file uses for this table: {@code nodes}, {@code ways} or {@code rels}. */
  public String yamlName() {
    return yamlName;
  }

  public TableDef tableDef() {
    return tableDef;
  }

  public static Optional<MiddleTable> find(String yamlName) {
    return Arrays.stream(values()).filter(t -> t.yamlName.equals(yamlName)).findFirst();
  }

  /**
   * The table a scenario names; an unknown name is a configuration error that lists the valid ones.
   */
  public static MiddleTable byYamlName(String yamlName) {
    return find(yamlName)
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "unknown middle table '"
                        + yamlName
                        + "', expected one of: "
                        + Arrays.stream(values())
                            .map(MiddleTable::yamlName)
                            .collect(Collectors.joining(", "))));
  }
}
