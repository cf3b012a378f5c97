package org.pgloadbench.variant;

/**
 * How osm2pgsql lays out its middle tables: the {@code middle_format} axis. The tables' definitions
 * and row writers of each format are the dataset's ({@code dataset.MiddleLayout}).
 */
public enum MiddleFormat implements YamlName {
  /** osm2pgsql 1.9+ ({@code --middle-database-format=new}, the only one from 2.0): jsonb. */
  NEW,
  /** osm2pgsql up to 1.11 (what 1.8, Debian 12's, writes): text[] tags, members with offsets. */
  LEGACY;

  public static MiddleFormat byYamlName(String name) {
    return YamlName.find(values(), name).orElse(null);
  }
}
