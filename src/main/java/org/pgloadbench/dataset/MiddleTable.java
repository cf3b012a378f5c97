package org.pgloadbench.dataset;

import java.util.Arrays;
import java.util.Optional;
import org.pgloadbench.variant.MiddleFormat;

/**
 * The three tables of osm2pgsql's middle, as scenarios name them; {@link MiddleLayout} defines them
 * in each middle format.
 */
public enum MiddleTable {
  NODES("nodes"),
  WAYS("ways"),
  RELS("rels");

  /** What osm2pgsql's table names start with, its middle's and its output's. */
  static final String PREFIX = "planet_osm_";

  private final String yamlName;
  private final String tableName;

  MiddleTable(String yamlName) {
    this.yamlName = yamlName;
    this.tableName = PREFIX + yamlName;
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

  /**
   * {@code planet_osm_ways} as a scenario names it, {@code ways}; any other table's name as it is.
   */
  public static String shortName(String tableName) {
    return tableName.startsWith(PREFIX) ? tableName.substring(PREFIX.length()) : tableName;
  }

  /**
   * Whether a user's {@code name} means the table {@code tableName}: its full name or its short one
   * ({@code ways} and {@code planet_osm_ways} alike), so that every command takes both.
   */
  public static boolean names(String name, String tableName) {
    return name.equals(tableName) || name.equals(shortName(tableName));
  }

  public static Optional<MiddleTable> find(String yamlName) {
    return Arrays.stream(values()).filter(t -> t.yamlName.equals(yamlName)).findFirst();
  }

  /**
   * The table a scenario names; an unknown name is a configuration error that lists the valid ones.
   */
  public static MiddleTable byYamlName(String yamlName) {
    String names = String.join(", ", Arrays.stream(values()).map(MiddleTable::yamlName).toList());
    return find(yamlName)
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "unknown middle table '" + yamlName + "', expected one of: " + names));
  }
}
