package org.pgloadbench.dataset;

import java.util.List;
import java.util.function.Supplier;
import org.pgloadbench.dataset.TableDef.Column;
import org.pgloadbench.dataset.TableDef.Index;
import org.pgloadbench.variant.MiddleFormat;
import org.pgloadbench.variant.WaysIndex;

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
      // The ids of a relation's members of one type ('N' nodes, 'W' ways, 'R' relations).
      List.of(
          "CREATE OR REPLACE FUNCTION planet_osm_member_ids(jsonb, char) RETURNS int8[] AS"
              + " $$ SELECT pg_catalog.array_agg((el->>'ref')::int8)"
              + " FROM pg_catalog.jsonb_array_elements($1) AS el"
              + " WHERE el->>'type' = $2 $$ LANGUAGE sql IMMUTABLE"),
      List.of(membersIndex("node", 'N'), membersIndex("way", 'W'))),

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
      // one relation index, on the member ids grouped by type (osm2pgsql 1.8)
      List.of(Index.on("planet_osm_rels", "parts", "gin", " WITH (fastupdate = off)")));

  /**
   * The node refs of a way shifted right by 5 bits: neighbouring nodes share one index key. The
   * functions' bodies name the catalog functions they call with their schema: run as the harness's
   * role, they must not pick up a function of the same name in {@code public}.
   */
  private static final String BUCKET_FUNCTION =
      "CREATE OR REPLACE FUNCTION planet_osm_index_bucket(int8[]) RETURNS int8[] AS $$ SELECT"
          + " ARRAY(SELECT DISTINCT pg_catalog.unnest($1) >> 5) $$ LANGUAGE sql IMMUTABLE";

  /** As osm2pgsql builds its GIN indexes; the ways' are the same in both formats. */
  private static final String GIN_WITH = " WITH (fastupdate = off)";

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
                List.of(BUCKET_FUNCTION),
                List.of(
                    new Index(
                        "planet_osm_ways_nodes_bucket_idx",
                        "CREATE INDEX planet_osm_ways_nodes_bucket_idx ON planet_osm_ways"
                            + " USING gin (planet_osm_index_bucket(nodes))"
                            + GIN_WITH,
                        variant -> variant.waysIndex() == WaysIndex.BUCKET),
                    new Index(
                        "planet_osm_ways_nodes_idx",
                        "CREATE INDEX planet_osm_ways_nodes_idx ON planet_osm_ways"
                            + " USING gin (nodes)"
                            + GIN_WITH,
                        variant -> variant.waysIndex() == WaysIndex.FULL))),
            new TableDef(
                MiddleTable.RELS.tableName(), rels, "id", relationFunctions, relationIndexes));
  }

  /** The relations' GIN index on the ids of their members of one type. */
  private static Index membersIndex(String type, char letter) {
    String name = "planet_osm_rels_" + type + "_members_idx";
    return new Index(
        name,
        "CREATE INDEX "
            + name
            + " ON planet_osm_rels USING gin (planet_osm_member_ids(members, '"
            + letter
            + "'::char))"
            + GIN_WITH);
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
