package org.pgloadbench.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.copy.CopyFormat;
import org.pgloadbench.variant.SettingsProfile;

/** Named cells and settings profiles in a scenario: what they expand to, and their errors. */
class NamedCellsTest {
  @TempDir Path dir;

  static final String HEAD =
      """
      name: t
      dataset: {kind: osm-synthetic, tables: [ways], rows: {ways: 10}}
      servers: {versions: [17]}
      steps: [create, copy, primary_key]
      """;

  Scenario load(String yaml) throws Exception {
    return ScenarioLoader.load(Files.writeString(dir.resolve("x.yaml"), HEAD + yaml));
  }

  String error(String yaml) throws Exception {
    String message = catchThrowableOfType(ScenarioException.class, () -> load(yaml)).getMessage();
    assertThat(message).doesNotContain("\n");
    return message;
  }

  String at(int line, String message) {
    return dir.resolve("x.yaml") + ":" + line + ": " + message;
  }

  @Test
  void namedCellsAloneAreTheCellsLabelledByTheirNamesWithDefaultsFilled() throws Exception {
    Scenario s =
        load(
            """
            cells:
              osm2pgsql: {format: text, pk: now}
              seed-best: {format: binary, freeze: true, pk: later}
            """);
    assertThat(s.axes()).containsExactly("format", "freeze", "pk");
    assertThat(s.cells()).extracting(Cell::label).containsExactly("osm2pgsql", "seed-best");
    assertThat(s.cells().get(0).axes())
        .containsExactly(
            Map.entry("format", "text"), Map.entry("freeze", "false"), Map.entry("pk", "now"));
    assertThat(s.cells().get(1).variant())
        .isEqualTo(
            Axis.variant(Map.of())
                .with("format", CopyFormat.BINARY)
                .with("freeze", true)
                .with("pk", true));
  }

  @Test
  void namedCellsBesideAMatrixAddTheirAxesToEveryCell() throws Exception {
    Scenario s =
        load(
            """
            matrix:
              format: [text, binary]
            cells:
              four: {connections: 4, pk: later}
            """);
    assertThat(s.axes()).containsExactly("format", "pk", "connections");
    assertThat(s.cells()).extracting(Cell::label).containsExactly("text", "binary", "four");
    assertThat(s.cells().get(1).axes())
        .containsExactly(
            Map.entry("format", "binary"), Map.entry("pk", "now"), Map.entry("connections", "1"));
    assertThat(s.cells().get(2).variant().connections()).isEqualTo(4);
  }

  @Test
  void aSettingsProfileIsTheDefaultOfEveryCellAndTheMatrixCanListProfiles() throws Exception {
    Scenario one =
        load(
            """
            settings: {profile: bulk-load, work_mem: 64MB}
            cells:
              plain: {}
              fast: {format: binary, settings: defaults}
            """);
    assertThat(one.settings()).containsExactly(Map.entry("work_mem", "64MB"));
    assertThat(one.cells())
        .extracting(c -> c.variant().settings())
        .containsExactly(SettingsProfile.BULK_LOAD, SettingsProfile.DEFAULTS);
    assertThat(one.axes()).containsExactly("format", "settings");
    assertThat(one.cells().get(0).axes()).containsEntry("settings", "bulk-load");

    Scenario two = load("matrix:\n  settings: [defaults, bulk-load]\n  pk: [now, later]\n");
    assertThat(two.cells())
        .extracting(Cell::label)
        .containsExactly(
            "defaults+pk-now", "defaults+pk-later", "bulk-load+pk-now", "bulk-load+pk-later");
  }

  @Test
  void errorsNameTheLineOfTheCell() throws Exception {
    assertThat(error("cells:\n  a: {format: text}\n  b: {fromat: binary}\n"))
        .isEqualTo(
            at(
                7,
                "unknown key 'fromat' in cells.b (did you mean 'format'?); known axes: format,"
                    + " freeze, pk, connections, unlogged, indexes, ways_index, middle_format,"
                    + " settings, loader, batch_size, commit_every, fastupdate,"
                    + " gin_pending_list_limit, memory, standby, disk"));
    assertThat(error("cells:\n  a: {format: text}\n  a: {format: binary}\n"))
        .isEqualTo(at(7, "cells.a: duplicate key; keep only one"));
    assertThat(error("cells:\n  a: {format: binary}\n  b: {format: binary, pk: now}\n"))
        .isEqualTo(at(7, "cells.b: is the same cell as a; keep only one"));
    assertThat(error("matrix:\n  format: [text, binary]\ncells:\n  binary: {pk: later}\n"))
        .isEqualTo(at(8, "cells.binary: is also a matrix cell's label; rename it"));
    assertThat(error("cells:\n  a: {format: csv}\n"))
        .isEqualTo(at(6, "cells.a.format: 'csv' is not a format; use text or binary"));
    assertThat(error("cells:\n  a: {freeze: true, connections: 2}\n"))
        .isEqualTo(
            at(
                6,
                "cells.a: is impossible: COPY FREEZE needs the table created in the same"
                    + " transaction, which a second connection cannot join; use freeze: false or"
                    + " connections: 1"));
    assertThat(error("cells:\n  \"a b\": {}\n"))
        .startsWith(at(6, "cells: 'a b' is not a cell name"));
    assertThat(error("cells: {}\n")).startsWith(at(5, "cells: names no cell"));
  }

  @Test
  void profileErrors() throws Exception {
    assertThat(error("settings: {profile: bulkload}\n"))
        .isEqualTo(
            at(
                5,
                "settings.profile: 'bulkload' is not a settings profile; use defaults, bulk-load,"
                    + " osm2pgsql"));
    assertThat(
            error("settings: {profile: bulk-load}\nmatrix:\n  settings: [defaults, bulk-load]\n"))
        .isEqualTo(
            at(
                5,
                "settings.profile: the matrix lists settings profiles too; remove"
                    + " settings.profile, or the settings axis"));
    assertThat(error("matrix:\n  settings: [default]\n"))
        .isEqualTo(
            at(
                6,
                "matrix.settings[0]: 'default' is not a settings profile; use defaults,"
                    + " bulk-load, osm2pgsql"));
  }

  @Test
  void aNamedCellWithAnotherLoadersOptionIsRefused() throws Exception {
    assertThat(error("cells:\n  a: {format: text}\n  b: {loader: insert, freeze: true}\n"))
        .isEqualTo(
            at(
                7,
                "cells.b: is impossible: FREEZE is an option of COPY, not of insert; remove"
                    + " freeze"));
  }
}
