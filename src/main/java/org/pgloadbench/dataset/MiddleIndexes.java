package org.pgloadbench.dataset;

import java.util.List;
import org.pgloadbench.dataset.TableDef.Index;
import org.pgloadbench.variant.WaysIndex;

/**
 * The secondary indexes osm2pgsql builds on its middle tables after the load, and the SQL functions
 * they are built on. All are GIN with {@code fastupdate = off}, as osm2pgsql creates them; nodes
 * have none. The ways' index is the same in both middle formats; the relations' differ.
 */
final class MiddleIndexes {
  /**
   * The node refs of a way shifted right by 5 bits: neighbouring nodes share one index key. The
   * functions' bodies name the catalog functions they call with their schema: run as the harness's
   * role, they must not pick up a function of the same name in {@code public}.
   */
  static final String BUCKET_FUNCTION =
      "CREATE OR REPLACE FUNCTION planet_osm_index_bucket(int8[]) RETURNS int8[] AS $$ SELECT"
          + " ARRAY(SELECT DISTINCT pg_catalog.unnest($1) >> 5) $$ LANGUAGE sql IMMUTABLE";

  /** The ids of a relation's members of one type ('N' nodes, 'W' ways, 'R' relations). */
  static final String MEMBER_IDS_FUNCTION =
      "CREATE OR REPLACE FUNCTION planet_osm_member_ids(jsonb, char) RETURNS int8[] AS"
          + " $$ SELECT pg_catalog.array_agg((el->>'ref')::int8)"
          + " FROM pg_catalog.jsonb_array_elements($1) AS el"
          + " WHERE el->>'type' = $2 $$ LANGUAGE sql IMMUTABLE";

  static final List<Index> WAYS =
      List.of(
          new Index(
              "planet_osm_ways_nodes_bucket_idx",
              "CREATE INDEX planet_osm_ways_nodes_bucket_idx ON planet_osm_ways"
                  + " USING gin (planet_osm_index_bucket(nodes)) WITH (fastupdate = off)",
              variant -> variant.waysIndex() == WaysIndex.BUCKET),
          new Index(
              "planet_osm_ways_nodes_idx",
              "CREATE INDEX planet_osm_ways_nodes_idx ON planet_osm_ways"
                  + " USING gin (nodes) WITH (fastupdate = off)",
              variant -> variant.waysIndex() == WaysIndex.FULL));

  static final List<Index> RELS =
      List.of(
          new Index(
              "planet_osm_rels_node_members_idx",
              "CREATE INDEX planet_osm_rels_node_members_idx ON planet_osm_rels"
                  + " USING gin (planet_osm_member_ids(members, 'N'::char))"
                  + " WITH (fastupdate = off)"),
          new Index(
              "planet_osm_rels_way_members_idx",
              "CREATE INDEX planet_osm_rels_way_members_idx ON planet_osm_rels"
                  + " USING gin (planet_osm_member_ids(members, 'W'::char))"
                  + " WITH (fastupdate = off)"));

  /** The legacy format's one relation index, on the member ids grouped by type (osm2pgsql 1.8). */
  static final List<Index> LEGACY_RELS =
      List.of(Index.on("planet_osm_rels", "parts", "gin", " WITH (fastupdate = off)"));

  private MiddleIndexes() {}
}
