package org.pgloadbench.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.dataset.GeometryDataset;
import org.pgloadbench.dataset.OsmPbfDataset;
import org.pgloadbench.dataset.OsmSyntheticDataset;
import org.pgloadbench.dataset.Srid;

class OverridesTest {
  @TempDir Path dir;
  Scenario scenario;

  @BeforeEach
  void load() throws Exception {
    scenario =
        ScenarioLoader.load(
            Files.writeString(
                dir.resolve("s.yaml"),
                """
                name: s
                dataset:
                  kind: osm-synthetic
                  tables: [nodes, ways, rels]
                  rows: {nodes: 1000, ways: 250, rels: 3}
                servers: {versions: [16, 17]}
                repeat: 3
                warmup: 2
                steps: [create, copy]
                """));
  }

  @Test
  void noOverridesKeepTheScenario() throws Exception {
    assertThat(scenario.withOverrides(Overrides.NONE)).isEqualTo(scenario);
  }

  @Test
  void scaleMultipliesRowCountsRoundingToAtLeastOne() throws Exception {
    Scenario s = scenario.withOverrides(Overrides.NONE.with(Overrides.SCALE, 0.1));
    assertThat(s.dataset().rows())
        .containsExactly(Map.entry("nodes", 100L), Map.entry("ways", 25L), Map.entry("rels", 1L));

    Scenario half = scenario.withOverrides(Overrides.NONE.with(Overrides.SCALE, 0.5));
    assertThat(half.dataset().rows()).containsEntry("rels", 2L); // 1.5 rounds up

    Scenario tiny = scenario.withOverrides(Overrides.NONE.with(Overrides.SCALE, 0.0001));
    assertThat(tiny.dataset().rows().values()).containsOnly(1L);

    assertThat(((OsmSyntheticDataset.Spec) s.dataset()).seed())
        .isEqualTo(((OsmSyntheticDataset.Spec) scenario.dataset()).seed());
    assertThat(s.dataset().tables()).isEqualTo(scenario.dataset().tables());
  }

  @Test
  void versionsRepeatAndWarmupReplaceTheScenarios() throws Exception {
    Scenario s =
        scenario.withOverrides(
            Overrides.NONE
                .with(Overrides.VERSIONS, List.of("15", "17"))
                .with(Overrides.REPEAT, 1)
                .with(Overrides.WARMUP, 0));
    assertThat(s.servers())
        .isEqualTo(new ServersSpec("embedded", List.of("15", "17"), null, Map.of(), null));
    assertThat(s.repeat()).isEqualTo(1);
    assertThat(s.warmup()).isZero();
    assertThat(s.dataset()).isEqualTo(scenario.dataset());
    assertThat(s.cells()).isEqualTo(scenario.cells());
  }

  @Test
  void badOverridesNameTheMakeVariable() {
    assertThatThrownBy(
            () -> scenario.withOverrides(Overrides.NONE.with(Overrides.VERSIONS, List.of("abc"))))
        .isInstanceOf(ScenarioException.class)
        .hasMessage("PG=abc: 'abc' is not a PostgreSQL version (expected e.g. 17 or 15,17)");
    assertThatThrownBy(
            () ->
                scenario.withOverrides(
                    Overrides.NONE.with(Overrides.VERSIONS, List.of("15", "17", "15"))))
        .hasMessage("PG=15,17,15: '15' is given twice; list each version once");
    assertThatThrownBy(
            () -> scenario.withOverrides(Overrides.NONE.with(Overrides.VERSIONS, List.of())))
        .hasMessage("PG=: give at least one version (e.g. 17 or 15,17)");
    assertThatThrownBy(() -> scenario.withOverrides(Overrides.NONE.with(Overrides.SCALE, 0.0)))
        .hasMessage("SCALE=0: must be a number > 0");
    assertThatThrownBy(() -> scenario.withOverrides(Overrides.NONE.with(Overrides.SCALE, -1.5)))
        .hasMessage("SCALE=-1.5: must be a number > 0");
    assertThatThrownBy(
            () -> scenario.withOverrides(Overrides.NONE.with(Overrides.SCALE, Double.NaN)))
        .hasMessage("SCALE=NaN: must be a number > 0");
    assertThatThrownBy(() -> scenario.withOverrides(Overrides.NONE.with(Overrides.REPEAT, 0)))
        .hasMessage("REPEAT=0: must be a whole number >= 1");
    assertThatThrownBy(() -> scenario.withOverrides(Overrides.NONE.with(Overrides.WARMUP, -1)))
        .hasMessage("WARMUP=-1: must be a whole number >= 0");
  }

  // the make variables read as text: cli/ScenarioArgsTest

  @Test
  void dataLoadsAPbfFileIntoTheScenariosTables() throws Exception {
    Path pbf = Files.write(dir.resolve("x.osm.pbf"), new byte[0]);
    Scenario s = scenario.withOverrides(Overrides.NONE.with(Overrides.DATA, pbf));
    assertThat(s.dataset()).isInstanceOf(OsmPbfDataset.Spec.class);
    assertThat(((OsmPbfDataset.Spec) s.dataset()).file()).isEqualTo(pbf.toAbsolutePath());
    assertThat(s.dataset().tables()).isEqualTo(scenario.dataset().tables());
    assertThat(s.dataset().rows()).isEmpty();
    // a file's rows are what it holds: SCALE leaves them
    Scenario scaled = s.withOverrides(Overrides.NONE.with(Overrides.SCALE, 0.5));
    assertThat(scaled.dataset()).isEqualTo(s.dataset());
  }

  @Test
  void dataLoadsAPbfFilesGeometriesIntoAGeometryScenariosTables() throws Exception {
    Scenario geometry =
        ScenarioLoader.load(
            Files.writeString(
                dir.resolve("g.yaml"),
                """
                name: g
                dataset: {kind: geometry, tables: [line], rows: {line: 100}, srid: 4326}
                servers: {versions: [17]}
                steps: [create, copy, indexes]
                """));
    Path pbf = Files.write(dir.resolve("x.osm.pbf"), new byte[0]);
    Scenario s = geometry.withOverrides(Overrides.NONE.with(Overrides.DATA, pbf));
    assertThat(s.dataset())
        .isEqualTo(
            new GeometryDataset.Spec(
                List.of("line"), Map.of(), pbf.toAbsolutePath(), Srid.WGS84, 1));
  }

  @Test
  void dataMustBeAFile() {
    assertThatThrownBy(
            () ->
                scenario.withOverrides(
                    Overrides.NONE.with(Overrides.DATA, Path.of("no/such.osm.pbf"))))
        .hasMessage("DATA=no/such.osm.pbf: no such file; give an OpenStreetMap .osm.pbf file");
  }

  @Test
  void dataIsRefusedForAKindNoOpenStreetMapFileFeeds() throws Exception {
    Scenario pgbench =
        ScenarioLoader.load(
            Files.writeString(
                dir.resolve("p.yaml"),
                """
                name: p
                dataset: {kind: pgbench, scale: 1}
                servers: {versions: [17]}
                steps: [create, copy]
                """));
    Path pbf = Files.write(dir.resolve("x.osm.pbf"), new byte[0]);
    assertThatThrownBy(() -> pgbench.withOverrides(Overrides.NONE.with(Overrides.DATA, pbf)))
        .hasMessage(
            "DATA="
                + pbf
                + ": the scenario loads pgbench rows, not OpenStreetMap data; leave DATA out");
  }
}
