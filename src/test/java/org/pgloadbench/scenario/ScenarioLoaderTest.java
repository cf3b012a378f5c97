package org.pgloadbench.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.copy.CopyFormat;
import org.pgloadbench.dataset.OsmSyntheticDataset;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.variant.DiskLimit;
import org.pgloadbench.variant.LoadVariant;
import org.pgloadbench.variant.LoaderKind;
import org.pgloadbench.variant.MiddleFormat;
import org.pgloadbench.variant.SettingsProfile;
import org.pgloadbench.variant.StandbyMode;
import org.pgloadbench.variant.WaysIndex;

class ScenarioLoaderTest {
  @TempDir Path dir;

  static final String FULL =
      """
      name: ways-binary-freeze
      description: >
        Ways table: text vs binary COPY,
        with and without FREEZE.
      dataset:
        kind: osm-synthetic
        tables: [ways, nodes]
        rows: {ways: 400000, nodes: 2000000}
        seed: 42
      servers:
        target: embedded
        versions: [15, "16", 17.2]
      settings:
        maintenance_work_mem: 1GB
        synchronous_commit: off
        max_wal_size: 4096
      repeat: 3
      warmup: 0
      matrix:
        format: [text, binary]
        freeze: [false, true]
        pk: [now, later]
        connections: [1, 2, 4]
      exclude:
        - {freeze: true, connections: 2}
        - freeze: true
          connections: 4
      steps: [create, copy, primary_key, vacuum, analyze]
      """;

  static final String MINIMAL =
      """
      name: minimal
      dataset:
        kind: osm-synthetic
        tables: [nodes]
        rows: {nodes: 1000}
      servers:
        versions: [17]
      steps: [create, copy]
      """;

  Path write(String name, String yaml) throws IOException {
    return Files.writeString(dir.resolve(name), yaml);
  }

  Scenario load(String yaml) throws Exception {
    return ScenarioLoader.load(write("s.yaml", yaml));
  }

  @Test
  void fullScenarioLoadsIntoRecords() throws Exception {
    Path file = write("full.yaml", FULL);
    Scenario s = ScenarioLoader.load(file);

    assertThat(s.name()).isEqualTo("ways-binary-freeze");
    assertThat(s.description())
        .isEqualTo("Ways table: text vs binary COPY, with and without FREEZE.");
    assertThat(s.source()).isEqualTo(file);
    assertThat(s.dataset())
        .isEqualTo(
            new OsmSyntheticDataset.Spec(
                List.of("nodes", "ways"), Map.of("nodes", 2_000_000L, "ways", 400_000L), 42));
    assertThat(s.dataset().rows().keySet()).containsExactly("nodes", "ways");
    assertThat(s.servers())
        .isEqualTo(new ServersSpec("embedded", List.of("15", "16", "17.2"), null, Map.of(), null));
    assertThat(s.settings())
        .containsExactly(
            Map.entry("maintenance_work_mem", "1GB"),
            Map.entry("synchronous_commit", "off"),
            Map.entry("max_wal_size", "4096"));
    assertThat(s.repeat()).isEqualTo(3);
    assertThat(s.warmup()).isZero();
    assertThat(s.axes()).containsExactly("format", "freeze", "pk", "connections");
    assertThat(s.steps().stream().map(StepKind::yamlName))
        .containsExactly("create", "copy", "primary_key", "vacuum", "analyze");

    // 2 x 2 x 2 x 3 = 24 cells, less freeze with 2 or 4 connections (2 x 2 each).
    assertThat(s.cells()).hasSize(16);
    assertThat(s.cells()).noneMatch(c -> c.variant().freeze() && c.variant().connections() > 1);
    Cell first = s.cells().get(0);
    assertThat(first.label()).isEqualTo("text+no-freeze+pk-now+conn-1");
    assertThat(first.axes())
        .containsExactly(
            Map.entry("format", "text"),
            Map.entry("freeze", "false"),
            Map.entry("pk", "now"),
            Map.entry("connections", "1"));
    assertThat(s.cells().get(15))
        .isEqualTo(
            new Cell(
                "binary+freeze+pk-later+conn-1",
                Map.of("format", "binary", "freeze", "true", "pk", "later", "connections", "1"),
                Axis.variant(Map.of())
                    .with("format", CopyFormat.BINARY)
                    .with("freeze", true)
                    .with("pk", true)));
  }

  @Test
  void defaultsFillTheOptionalFields() throws Exception {
    Scenario s = load(MINIMAL);

    assertThat(s.description()).isEmpty();
    assertThat(((OsmSyntheticDataset.Spec) s.dataset()).seed()).isEqualTo(1);
    assertThat(s.servers().target()).isEqualTo("embedded");
    assertThat(s.settings()).isEmpty();
    assertThat(s.repeat()).isEqualTo(1);
    assertThat(s.warmup()).isEqualTo(1);
    assertThat(s.axes()).isEmpty();
    assertThat(s.cells())
        .extracting(Cell::label, Cell::axes)
        .containsExactly(tuple("default", Map.of()));
    // the typed defaults, and no axis without its default part
    LoadVariant variant = s.cells().get(0).variant();
    assertThat(variant.parts())
        .containsAllEntriesOf(
            Map.ofEntries(
                Map.entry("format", CopyFormat.TEXT),
                Map.entry("freeze", false),
                Map.entry("pk", false),
                Map.entry("connections", 1),
                Map.entry("unlogged", false),
                Map.entry("indexes", false),
                Map.entry("ways_index", WaysIndex.BUCKET),
                Map.entry("middle_format", MiddleFormat.NEW),
                Map.entry("settings", SettingsProfile.DEFAULTS),
                Map.entry("loader", LoaderKind.COPY),
                Map.entry("batch_size", 1000),
                Map.entry("commit_every", 0L),
                Map.entry("fastupdate", true),
                Map.entry("gin_pending_list_limit", 0),
                Map.entry("memory", 0L),
                Map.entry("standby", StandbyMode.NONE),
                Map.entry("disk", DiskLimit.NONE)));
    assertThat(variant.parts().keySet()).containsExactlyElementsOf(Axis.names());
    for (Axis<?> axis : Axis.ALL) {
      assertThat(variant.<Object>part(axis.name()))
          .as(axis + "'s default")
          .isEqualTo(axis.parse(axis.defaultValue()).orElseThrow());
    }
  }

  @Test
  void expandsWithTheLastAxisFastest() throws Exception {
    Scenario s =
        load(
            MINIMAL.replace("steps: [create, copy]", "steps: [create, copy, primary_key]")
                + """
                matrix:
                  format: [text, binary]
                  freeze: [false, true]
                  pk: [now, later]
                """);

    assertThat(s.cells())
        .extracting(Cell::label)
        .containsExactly(
            "text+no-freeze+pk-now",
            "text+no-freeze+pk-later",
            "text+freeze+pk-now",
            "text+freeze+pk-later",
            "binary+no-freeze+pk-now",
            "binary+no-freeze+pk-later",
            "binary+freeze+pk-now",
            "binary+freeze+pk-later");
  }

  @Test
  void excludeDropsMatchingCellsAndKeepsTheOrder() throws Exception {
    Scenario s =
        load(
            MINIMAL.replace("steps: [create, copy]", "steps: [create, copy, primary_key]")
                + """
                matrix:
                  pk: [later, now]
                  freeze: ["true", "false"]
                  format: [binary, text]
                exclude:
                  - {pk: now, freeze: true}
                  - {format: text, pk: later}
                """);

    assertThat(s.axes()).containsExactly("pk", "freeze", "format");
    assertThat(s.cells())
        .extracting(Cell::label)
        .containsExactly(
            "pk-later+freeze+binary",
            "pk-later+no-freeze+binary",
            "pk-now+no-freeze+binary",
            "pk-now+no-freeze+text");
  }

  @Test
  void labelsAndVariantsOfEveryAxis() throws Exception {
    Scenario s = load(MINIMAL + "matrix:\n  connections: [2, 16]\n  format: [binary]\n");

    assertThat(s.cells())
        .containsExactly(
            new Cell(
                "conn-2+binary",
                Map.of("connections", "2", "format", "binary"),
                Axis.variant(Map.of()).with("format", CopyFormat.BINARY).with("connections", 2)),
            new Cell(
                "conn-16+binary",
                Map.of("connections", "16", "format", "binary"),
                Axis.variant(Map.of()).with("format", CopyFormat.BINARY).with("connections", 16)));
  }

  @Test
  void freezeWithSeveralConnectionsIsRejectedUnlessExcluded() throws Exception {
    String yaml =
        MINIMAL
            + """
            matrix:
              freeze: [false, true]
              connections: [1, 2]
            """;
    assertThatThrownBy(() -> load(yaml))
        .hasMessage(
            dir.resolve("s.yaml")
                + ":10: cell freeze+conn-2 is impossible: COPY FREEZE needs the table created in"
                + " the same transaction, which a second connection cannot join; add to exclude:"
                + " {freeze: true, connections: 2}");

    Scenario s = load(yaml + "exclude: [{freeze: true, connections: 2}]\n");
    assertThat(s.cells())
        .extracting(Cell::label)
        .containsExactly("no-freeze+conn-1", "no-freeze+conn-2", "freeze+conn-1");
  }

  @Test
  void freezeAloneAndConnectionsAloneArePossible() throws Exception {
    assertThat(load(MINIMAL + "matrix: {freeze: [true]}\n").cells()).hasSize(1);
    assertThat(load(MINIMAL + "matrix: {connections: [4]}\n").cells()).hasSize(1);
  }

  @Test
  void theBriefsExampleNeedsASecondExcludeEntry() throws Exception {
    String withoutFix = FULL.replace("  - freeze: true\n    connections: 4\n", "");
    assertThatThrownBy(() -> load(withoutFix))
        .hasMessageStartingWith(
            dir.resolve("s.yaml") + ":21: cell text+freeze+pk-now+conn-4 is impossible")
        .hasMessageEndingWith("; add to exclude: {freeze: true, connections: 4}");
  }

  @Test
  void yamlSpellingsAreNormalised() throws Exception {
    Scenario s =
        load(
            MINIMAL.replace("rows: {nodes: 1000}", "rows: {nodes: 2_000_000}")
                + "settings: {fsync: no, jit: true, work_mem: '64MB'}\n");
    assertThat(s.dataset().rows()).containsEntry("nodes", 2_000_000L);
    assertThat(s.settings())
        .containsExactly(
            Map.entry("fsync", "off"), Map.entry("jit", "on"), Map.entry("work_mem", "64MB"));
  }

  @Test
  void tableNotLoadedMayStillBeSized() throws Exception {
    Scenario s =
        load(
            MINIMAL
                .replace("tables: [nodes]", "tables: [rels]")
                .replace("{nodes: 1000}", "{rels: 5, nodes: 1000}"));
    assertThat(s.dataset().tables()).containsExactly("rels");
    assertThat(s.dataset().rows())
        .containsExactly(Map.entry("nodes", 1000L), Map.entry("rels", 5L));
  }

  @Test
  void recordsAreImmutable() throws Exception {
    Scenario s = load(FULL);
    assertThatThrownBy(() -> s.cells().clear()).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> s.settings().clear())
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> s.cells().get(0).axes().clear())
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> s.dataset().rows().clear())
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void resolvesAnExistingPathAsIs() throws Exception {
    Path file = write("elsewhere.yaml", MINIMAL);
    assertThat(ScenarioFiles.resolve(file.toString(), dir.resolve("scenarios"))).isEqualTo(file);
  }

  @Test
  void findingsAreKeptApartFromTheClaimsInTheOrderWritten() throws Exception {
    assertThat(load(MINIMAL).findings()).isEmpty();
    Scenario s =
        load(
            MINIMAL
                + "findings:\n"
                + "  - 15 built the index slower than 14 (2.27 x)\n"
                + "  - \"a second: 19.1 MB\"\n");
    assertThat(s.findings())
        .containsExactly("15 built the index slower than 14 (2.27 x)", "a second: 19.1 MB");
    assertThat(s.claims()).isEmpty();
    assertThatThrownBy(() -> load(MINIMAL + "findings:\n  - \"\"\n"))
        .isInstanceOf(ScenarioException.class)
        .hasMessage(
            dir.resolve("s.yaml")
                + ":10: findings[0]: is empty; list what earlier runs found, each as text, e.g."
                + " findings: [15 built it slower]");
  }

  @Test
  void resolvesANameInTheScenariosDirectory() throws Exception {
    Path scenarios = Files.createDirectories(dir.resolve("scenarios"));
    Path file = Files.writeString(scenarios.resolve("ways-binary.yaml"), MINIMAL);
    assertThat(ScenarioFiles.resolve("ways-binary", scenarios)).isEqualTo(file);
  }

  @Test
  void anUnknownNameListsTheAvailableScenarios() throws Exception {
    Path scenarios = Files.createDirectories(dir.resolve("scenarios"));
    Files.writeString(scenarios.resolve("ways-binary.yaml"), MINIMAL);
    Files.writeString(scenarios.resolve("nodes-text.yaml"), MINIMAL);
    Files.writeString(scenarios.resolve("notes.txt"), "not a scenario");

    assertThatThrownBy(() -> ScenarioFiles.resolve("ways-binry", scenarios))
        .isInstanceOf(ScenarioException.class)
        .hasMessage(
            "no scenario 'ways-binry': no such file and no "
                + scenarios.resolve("ways-binry.yaml")
                + " (did you mean 'ways-binary'?); available: nodes-text, ways-binary");
    assertThat(ScenarioFiles.available(scenarios)).containsExactly("nodes-text", "ways-binary");
  }

  @Test
  void anEmptyScenariosDirectoryIsSaidSo() {
    Path scenarios = dir.resolve("missing");
    assertThatThrownBy(() -> ScenarioFiles.resolve("x", scenarios))
        .hasMessageEndingWith("; there are no scenarios in " + scenarios);
  }
}
