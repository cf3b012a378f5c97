package org.pgloadbench.variant;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * The GIN index on the ways' node refs: osm2pgsql's (1.7+) on the refs shifted right by 5 bits, so
 * that neighbouring nodes share one key, or a plain GIN on the refs themselves.
 */
public enum WaysIndex {
  BUCKET,
  FULL;

  /** The value a scenario writes: {@code bucket} or {@code full}. */
  public String yamlName() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static Optional<WaysIndex> find(String yamlName) {
    return Arrays.stream(values()).filter(w -> w.yamlName().equals(yamlName)).findFirst();
  }
}
