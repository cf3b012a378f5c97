package org.pgloadbench.jmh;

import java.util.Map;
import org.pgloadbench.dataset.MiddleTable;
import org.pgloadbench.dataset.OsmSyntheticDataset;
import org.pgloadbench.dataset.RowSource;
import org.pgloadbench.variant.MiddleFormat;

/**
 * The rows a benchmark operation writes: a slice of a synthetic middle dataset sized like the
 * shipped scenarios (2 M nodes, 220 k ways, 2,750 relations), so that refs and id spaces are
 * realistic, each slice taking a few milliseconds to write.
 */
final class Rows {
  private static final Map<String, Long> PLANET_LIKE =
      Map.of("nodes", 2_000_000L, "ways", 220_000L, "rels", 2_750L);

  /** Slices per table: about 20,000 nodes, 11,000 ways, 2,750 relations per operation. */
  private static final Map<String, Integer> PARTS = Map.of("nodes", 100, "ways", 20, "rels", 1);

  private Rows() {}

  /** The rows of {@code table} in osm2pgsql's middle format {@code middleFormat} (new, legacy). */
  static RowSource synthetic(String table, String middleFormat) {
    OsmSyntheticDataset dataset = new OsmSyntheticDataset(PLANET_LIKE, 42);
    return dataset
        .source(MiddleTable.byYamlName(table), MiddleFormat.byYamlName(middleFormat))
        .slice(0, PARTS.get(table));
  }
}
