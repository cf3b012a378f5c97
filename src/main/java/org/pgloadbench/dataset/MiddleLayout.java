package org.pgloadbench.dataset;

import java.util.List;
import java.util.function.Supplier;
import org.pgloadbench.dataset.TableDef.Column;
import org.pgloadbench.dataset.TableDef.Index;
import org.pgloadbench.variant.MiddleFormat;

/**
 * The middle tables of each {@link MiddleFormat}: their definitions (with the indexes osm2pgsql
 * builds after the load) and the one row writer of the format; synthetic and PBF rows both go
 * through them.
 */
enum MiddleLayout {
  /** osm2pgsql 1.9+ ({@code --middle-database-format=new}, the only one from 2.0): jsonb. */
  NEW(
      NewMiddleRows::new,
      TableDef.columns("id int8 NOT NULL", "lat int4 NOT NULL", "lon int4 NOT NULL", "tags jsonb"),
      TableDef.columns("id int8 NOT NULL", "nodes int8[] NOT NULL", "tags jsonb"),
      TableDef.columns("id int8 NOT NULL", "members jsonb NOT NULL", "tags jsonb"),
      List.of(MiddleIndexes.MEMBER_IDS_FUNCTION),
      MiddleIndexes.RELS),

  /** osm2pgsql up to 1.11 (what 1.8, Debian 12's, writes): text[] tags, members with offsets. */
  LEGACY(
      LegacyMiddleRows::new,
      TableDef.columns("id int8 NOT NULL", "lat int4 NOT NULL", "lon int4 NOT NULL"),
      TableDef.columns("id int8 NOT NULL", "nodes int8[] NOT NULL", "tags text[]"),
      TableDef.columns(
          "id int8 NOT NULL",
          "way_off int2",
          "rel_off int2",
          "parts int8[]",
          "members text[]",
          "tags text[]"),
      List.of(),
      MiddleIndexes.LEGACY_RELS);

  private final Supplier<MiddleRowWriter> writers;
  private final List<TableDef> tableDefs;

  MiddleLayout(
      Supplier<MiddleRowWriter> writers,
      List<Column> nodes,
      List<Column> ways,
      List<Column> rels,
      List<String> relationFunctions,
      List<Index> relationIndexes) {
    this.writers = writers;
    this.tableDefs =
        List.of(
            new TableDef(MiddleTable.NODES.tableName(), nodes, "id"),
            new TableDef(
                MiddleTable.WAYS.tableName(),
                ways,
                "id",
                List.of(MiddleIndexes.BUCKET_FUNCTION),
                MiddleIndexes.WAYS),
            new TableDef(
                MiddleTable.RELS.tableName(), rels, "id", relationFunctions, relationIndexes));
  }

  static MiddleLayout of(MiddleFormat format) {
    return valueOf(format.name());
  }

  TableDef tableDef(MiddleTable table) {
    return tableDefs.get(table.ordinal());
  }

  /** A new writer, with its own buffers: one per stream of rows. */
  MiddleRowWriter writer() {
    return writers.get();
  }
}
