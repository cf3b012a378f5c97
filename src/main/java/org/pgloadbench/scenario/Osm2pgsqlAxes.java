package org.pgloadbench.scenario;

import java.util.Arrays;
import org.pgloadbench.scenario.Axis.Accepts;
import org.pgloadbench.variant.MiddleFormat;
import org.pgloadbench.variant.WaysIndex;

/**
 * The axes of osm2pgsql's middle tables: their layout and the ways' GIN index.
 */
final class Osm2pgsqlAxes {
  private Osm2pgsqlAxes() {}

  static Axis<WaysIndex> waysIndex() {
    return new Axis<>(
        "ways_index",
        "the ways' GIN index on their node refs shifted by 5 bits (bucket, osm2pgsql 1.7+)"
            + " or on the refs (full)",
        "bucket",
        "a ways index",
        "use bucket (GIN on the node refs shifted by 5 bits) or full (GIN on the node refs)",
        Accepts.oneOf(Arrays.stream(WaysIndex.values()).map(WaysIndex::yamlName).toList()),
        v -> WaysIndex.find(v).orElse(null),
        v -> "ways-" + v);
  }

  static Axis<MiddleFormat> middleFormat() {
    return new Axis<>(
        "middle_format",
        "osm2pgsql's middle table layout: new (jsonb, 1.9+) or legacy (text[], up to 1.11)",
        "new",
        "a middle format",
        "use new (jsonb, osm2pgsql 1.9+) or legacy (text[], osm2pgsql up to 1.11)",
        Accepts.oneOf(Arrays.stream(MiddleFormat.values()).map(MiddleFormat::yamlName).toList()),
        MiddleFormat::byYamlName,
        v -> "middle-" + v);
  }
}
