package org.pgloadbench.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Memory caps as a scenario and the command line give them: servers.memory for every cell, a memory
 * axis whose values are server starts of their own, MEMORY= in the place of the scenario's;
 * shared_buffers must fit. (Refused files: bad/MemoryCaps-*.yaml.)
 */
class MemoryCapsTest {
  @TempDir Path dir;

  private Scenario load(String yaml) throws Exception {
    return ScenarioLoader.load(Files.writeString(dir.resolve("m.yaml"), yaml));
  }

  private static final String AXIS =
      """
      name: m
      dataset: {kind: osm-synthetic, tables: [ways], rows: {ways: 10}}
      servers: {versions: [17]}
      settings: {shared_buffers: 16MB}
      matrix:
        memory: [none, 64MB]
      steps: [create, copy]
      """;

  @Test
  void theAxisLabelsCellsAndCapsTheirServers() throws Exception {
    Scenario s = load(AXIS);
    assertThat(s.cells()).extracting(Cell::label).containsExactly("mem-none", "mem-64MB");
    assertThat(s.cells()).extracting(c -> c.variant().memoryBytes()).containsExactly(0L, 64L << 20);
  }

  @Test
  void serversMemoryCapsEveryCellWithoutChangingItsLabel() throws Exception {
    Scenario s =
        load(
            AXIS.replace("servers: {versions: [17]}", "servers: {versions: [17], memory: 1GB}")
                .replace("memory: [none, 64MB]", "format: [text, binary]"));
    assertThat(s.cells()).extracting(Cell::label).containsExactly("text", "binary");
    assertThat(s.cells()).allMatch(c -> c.variant().memoryBytes() == 1L << 30);

    Scenario none = s.withOverrides(Overrides.NONE.with(Overrides.MEMORY, "none"));
    assertThat(none.cells()).allMatch(c -> c.variant().memoryBytes() == 0);
    Scenario half = s.withOverrides(Overrides.NONE.with(Overrides.MEMORY, "512MB"));
    assertThat(half.cells()).allMatch(c -> c.variant().memoryBytes() == 512L << 20);
  }

  @Test
  void memoryOverridesAreOneLineNamingTheVariable() throws Exception {
    Scenario axis = load(AXIS);
    assertThat(
            catchThrowableOfType(
                    ScenarioException.class,
                    () -> axis.withOverrides(Overrides.NONE.with(Overrides.MEMORY, "1GB")))
                .getMessage())
        .isEqualTo(
            "MEMORY=1GB: the scenario compares memory caps on its memory axis; leave MEMORY out");
    Scenario plain =
        load(
            AXIS.replace("memory: [none, 64MB]", "format: [text]")
                .replace("shared_buffers: 16MB", "shared_buffers: 20MB"));
    assertThat(
            catchThrowableOfType(
                    ScenarioException.class,
                    () -> plain.withOverrides(Overrides.NONE.with(Overrides.MEMORY, "24MB")))
                .getMessage())
        .isEqualTo("MEMORY=24MB: use none or a size from 32MB with a unit, e.g. 256MB or 1GB");
    assertThat(
            catchThrowableOfType(
                    ScenarioException.class,
                    () -> plain.withOverrides(Overrides.NONE.with(Overrides.MEMORY, "32MB")))
                .getMessage())
        .isEqualTo(
            "MEMORY=32MB: a 32MB cap leaves no room beside shared_buffers (20MB, the scenario's):"
                + " it must be at most half the cap, the rest being the backends' memory and the"
                + " page cache; set shared_buffers: 16MB or give a cap of at least 40MB");
  }

  /** A profile sizes its memory from the cap: bulk-load's 3/8 fits, its 128 MB floor may not. */
  @Test
  void aProfilesSharedBuffersComeFromTheCap() throws Exception {
    String bulk =
        """
        name: b
        dataset: {kind: osm-synthetic, tables: [ways], rows: {ways: 10}}
        servers: {versions: [17], memory: %s}
        settings: {profile: bulk-load}
        steps: [create, copy]
        """;
    assertThat(load(bulk.formatted("2GB")).cells()).hasSize(1);
    assertThat(
            catchThrowableOfType(ScenarioException.class, () -> load(bulk.formatted("192MB")))
                .getMessage())
        .contains("a 192MB cap leaves no room beside shared_buffers (128MB, the bulk-load")
        .doesNotContain("\n");
  }

  @Test
  void settingValuesReadAsTheServerReadsThem() {
    assertThat(MemoryCaps.settingBytes("16384")).isEqualTo(128L << 20);
    assertThat(MemoryCaps.settingBytes("1GB")).isEqualTo(1L << 30);
    assertThat(MemoryCaps.settingBytes("512kB")).isEqualTo(512L << 10);
    assertThat(MemoryCaps.settingBytes("lots")).isNull();
  }
}
