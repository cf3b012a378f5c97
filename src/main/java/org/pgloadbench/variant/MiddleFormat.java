package org.pgloadbench.variant;

import java.util.Arrays;
import java.util.Locale;

/**
 * How osm2pgsql lays out its middle tables: the {@code middle_format} axis. The tables' definitions
 * and row writers of each format are the dataset's ({@code dataset.MiddleLayout}).
 */
public enum MiddleFormat {
  /** osm2pgsql 1.9+ ({@code --middle-database-format=new}, the only one from 2.0): jsonb. */
  NEW,
  /** osm2pgsql up to 1.11 (what 1.8, Debian 12's, writes): text[] tags, members with offsets. */
  LEGACY;

  /** The name a scenario uses: {@code new} or {@code legacy}. */
  public String yamlName() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static MiddleFormat byYamlName(String name) {
    return Arrays.stream(values()).filter(f -> f.yamlName().equals(name)).findFirst().orElse(null);
  }
}
