package org.pgloadbench.dataset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.pgloadbench.variant.MiddleFormat;

class MiddleTableTest {
  @Test
  void yamlNamesFindTheirTables() {
    assertThat(MiddleTable.byYamlName("nodes")).isEqualTo(MiddleTable.NODES);
    assertThat(MiddleTable.byYamlName("ways")).isEqualTo(MiddleTable.WAYS);
    assertThat(MiddleTable.byYamlName("rels")).isEqualTo(MiddleTable.RELS);
    assertThat(MiddleTable.find("relations")).isEmpty();
  }

  @Test
  void unknownNameListsTheValidOnes() {
    assertThatThrownBy(() -> MiddleTable.byYamlName("relations"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'relations'")
        .hasMessageContaining("nodes, ways, rels");
  }

  @Test
  void nodesDdl() {
    TableDef nodes = MiddleTable.NODES.tableDef(MiddleFormat.NEW);
    assertThat(nodes.createSql(true, false))
        .isEqualTo(
            "CREATE TABLE planet_osm_nodes (id int8 NOT NULL, lat int4 NOT NULL,"
                + " lon int4 NOT NULL, tags jsonb, PRIMARY KEY (id))");
    assertThat(nodes.createSql(false, true))
        .isEqualTo(
            "CREATE UNLOGGED TABLE planet_osm_nodes (id int8 NOT NULL, lat int4 NOT NULL,"
                + " lon int4 NOT NULL, tags jsonb)");
    assertThat(nodes.addPrimaryKeySql())
        .isEqualTo("ALTER TABLE planet_osm_nodes ADD PRIMARY KEY (id)");
    assertThat(nodes.columnList()).isEqualTo("id, lat, lon, tags");
  }

  @Test
  void waysAndRelsColumns() {
    assertThat(MiddleTable.WAYS.tableDef(MiddleFormat.NEW).createSql(false, false))
        .isEqualTo(
            "CREATE TABLE planet_osm_ways (id int8 NOT NULL, nodes int8[] NOT NULL, tags jsonb)");
    assertThat(MiddleTable.RELS.tableDef(MiddleFormat.NEW).createSql(false, false))
        .isEqualTo(
            "CREATE TABLE planet_osm_rels (id int8 NOT NULL, members jsonb NOT NULL, tags jsonb)");
  }

  @Test
  void legacyTablesAsOsm2pgsql18CreatesThem() {
    assertThat(MiddleTable.NODES.tableDef(MiddleFormat.LEGACY).createSql(true, false))
        .isEqualTo(
            "CREATE TABLE planet_osm_nodes (id int8 NOT NULL, lat int4 NOT NULL,"
                + " lon int4 NOT NULL, PRIMARY KEY (id))");
    assertThat(MiddleTable.WAYS.tableDef(MiddleFormat.LEGACY).columnList())
        .isEqualTo("id, nodes, tags");
    assertThat(MiddleTable.RELS.tableDef(MiddleFormat.LEGACY).createSql(false, false))
        .isEqualTo(
            "CREATE TABLE planet_osm_rels (id int8 NOT NULL, way_off int2, rel_off int2,"
                + " parts int8[], members text[], tags text[])");
  }
}
