package org.pgloadbench.dataset;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import org.pgloadbench.dataset.TableDef.Column;
import org.pgloadbench.dataset.TableDef.Index;

/**
 * How osm2pgsql lays out its middle tables: the {@code middle_format} axis. The table definitions
 * (with the indexes osm2pgsql builds after the load) and the one row writer of each format;
 * synthetic and PBF rows both go through them.
 */
public enum MiddleFormat {
  /** osm2pgsql 1.9+ ({@code --middle-database-format=new}, the only one from 2.0): jsonb. */
  NEW(
      NewMiddleRows::new,
      List.of(
          new Column("id", "int8 NOT NULL"),
          new Column("lat", "int4 NOT NULL"),
          new Column("lon", "int4 NOT NULL"),
          new Column("tags", "jsonb")),
      List.of(
          new Column("id", "int8 NOT NULL"),
          new Column("nodes", "int8[] NOT NULL"),
          new Column("tags", "jsonb")),
      List.of(
          new Column("id", "int8 NOT NULL"),
          new Column("members", "jsonb NOT NULL"),
          new Column("tags", "jsonb")),
      List.of(MiddleIndexes.MEMBER_IDS_FUNCTION),
      MiddleIndexes.RELS),

  /** osm2pgsql up to 1.11 (what 1.8, Debian 12's, writes): text[] tags, members with offsets. */
  LEGACY(
      LegacyMiddleRows::new,
      List.of(
          new Column("id", "int8 NOT NULL"),
          new Column("lat", "int4 NOT NULL"),
          new Column("lon", "int4 NOT NULL")),
      List.of(
          new Column("id", "int8 NOT NULL"),
          new Column("nodes", "int8[] NOT NULL"),
          new Column("tags", "text[]")),
      List.of(
          new Column("id", "int8 NOT NULL"),
          new Column("way_off", "int2"),
          new Column("rel_off", "int2"),
          new Column("parts", "int8[]"),
          new Column("members", "text[]"),
          new Column("tags", "text[]")),
      List.of(),
      MiddleIndexes.LEGACY_RELS);

  private final Supplier<MiddleRowWriter> writers;
  private final List<TableDef> tableDefs;

  MiddleFormat(
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

  /** The name a scenario uses: {@code new} or {@code legacy}. */
  public String yamlName() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static MiddleFormat byYamlName(String name) {
    return Arrays.stream(values()).filter(f -> f.yamlName().equals(name)).findFirst().orElse(null);
  }

  public TableDef tableDef(MiddleTable table) {
    return tableDefs.get(table.ordinal());
  }

  /** A new writer, with its own buffers: one per stream of rows. */
  MiddleRowWriter writer() {
    return writers.get();
  }
}
