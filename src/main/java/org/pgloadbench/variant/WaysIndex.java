package org.pgloadbench.variant;

import java.util.Optional;

/**
 * The GIN index on the ways' node refs: osm2pgsql's (1.7+) on the refs shifted right by 5 bits, so
 * that neighbouring nodes share one key, or a plain GIN on the refs themselves.
 */
public enum WaysIndex implements YamlName {
  BUCKET,
  FULL;

  public static Optional<WaysIndex> find(String yamlName) {
    return YamlName.find(values(), yamlName);
  }
}
