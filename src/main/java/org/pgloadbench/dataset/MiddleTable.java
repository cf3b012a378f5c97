package org.pgloadbench.dataset;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;
import org.pgloadbench.variant.MiddleFormat;

/**
 * The three tables of osm2pgsql's middle, as scenarios name them; {@link MiddleLayout} defines them
 * in each middle format.
 */
public enum MiddleTable {
  NODES("nodes", "planet_osm_nodes"),
  WAYS("ways", "planet_osm_ways"),
  RELS("rels", "planet_osm_rels");

  private final String yamlName;
  private final String tableName;

  MiddleTable(String yamlName, String tableName) {
    this.yamlName = yamlName;
    this.tableName = tableName;
  }

  /** The key a scenario file uses for this table: {@code nodes}, {@code ways} or {@code rels}. */
  public String yamlName() {
    return yamlName;
  }

  public String tableName() {
    return tableName;
  }

  /** The table's definition in {@code format}. */
  public TableDef tableDef(MiddleFormat format) {
    return MiddleLayout.of(format).tableDef(this);
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
