package org.pgloadbench.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every mistake is one line, {@code file:line: ...}, at the line of the offending key or value. */
class ScenarioErrorsTest {
  @TempDir Path dir;

  static final String BASE =
      """
      name: t
      dataset:
        kind: osm-synthetic
        tables: [nodes, ways]
        rows: {nodes: 100, ways: 10}
      servers:
        versions: [16, 17]
      repeat: 2
      matrix:
        format: [text, binary]
        freeze: [false, true]
      steps: [create, copy]
      """;

  /** Loads {@code BASE} with {@code from} replaced by {@code to}; returns the error message. */
  String error(String from, String to) throws Exception {
    assertThat(BASE).contains(from);
    return error(BASE.replace(from, to));
  }

  String error(String yaml) throws Exception {
    Path file = Files.writeString(dir.resolve("x.yaml"), yaml);
    String message =
        catchThrowableOfType(ScenarioException.class, () -> ScenarioLoader.load(file)).getMessage();
    assertThat(message).doesNotContain("\n").doesNotContain("jackson").doesNotContain("snakeyaml");
    return message;
  }

  String at(int line, String message) {
    return dir.resolve("x.yaml") + ":" + line + ": " + message;
  }

  @Test
  void baseIsValid() throws Exception {
    assertThat(ScenarioLoader.load(Files.writeString(dir.resolve("ok.yaml"), BASE)).cells())
        .hasSize(4);
  }

  @Test
  void theAnswersKeys() throws Exception {
    Scenario ok =
        ScenarioLoader.load(
            Files.writeString(
                dir.resolve("ok.yaml"),
                BASE.replace(
                    "repeat: 2",
                    "repeat: auto\nbaseline: binary+freeze\nprecision: 2%\nbudget: 90s\n"
                        + "scales: [0.5, 1, 2]")));
    assertThat(ok.baseline()).isEqualTo("binary+freeze");
    assertThat(ok.stopping()).isEqualTo(new Stopping(true, 0.02, 90));
    assertThat(ok.scales()).containsExactly(0.5, 1.0, 2.0);
    assertThat(error("repeat: 2", "baseline: binary+freze"))
        .isEqualTo(
            at(
                8,
                "baseline: 'binary+freze' is not a cell of this scenario (did you mean"
                    + " 'binary+freeze'?); name one of the cells: text+no-freeze, text+freeze,"
                    + " binary+no-freeze, binary+freeze"));
    assertThat(error("repeat: 2", "precision: 80%"))
        .isEqualTo(
            at(
                8,
                "precision: expected a percentage above 0 and at most 50%, e.g. precision: 5%"
                    + " (or 0.05)"));
    assertThat(error("repeat: 2", "budget: soon"))
        .isEqualTo(at(8, "budget: expected a time per server, e.g. budget: 10m (or 90s, 1h)"));
    assertThat(error("repeat: 2", "scales: [1]"))
        .isEqualTo(
            at(
                8,
                "scales: a scale series needs at least two scales; list row-count multipliers,"
                    + " e.g. scales: [0.25, 1, 4]"));
  }

  @Test
  void unknownTopLevelKeySuggestsTheClosest() throws Exception {
    assertThat(error("dataset:", "datset:"))
        .isEqualTo(
            at(
                2,
                "unknown key 'datset' (did you mean 'dataset'?); known keys: name, description,"
                    + " dataset, servers, settings, repeat, warmup, restart, matrix, exclude, cells, steps,"
                    + " claims, calibrated_on, findings, control, baseline, precision, budget,"
                    + " scales, reproduce_versions, measure"));
    assertThat(error("repeat: 2", "colour: 2"))
        .isEqualTo(
            at(
                8,
                "unknown key 'colour'; known keys: name, description, dataset, servers, settings,"
                    + " repeat, warmup, restart, matrix, exclude, cells, steps, claims, calibrated_on,"
                    + " findings, control, baseline, precision, budget, scales, reproduce_versions,"
                    + " measure"));
  }

  @Test
  void unknownAxis() throws Exception {
    assertThat(error("  freeze: [false, true]", "  freez: [false, true]"))
        .startsWith(
            at(
                11,
                "unknown key 'freez' in matrix (did you mean 'freeze'?); known axes: format,"
                    + " freeze, pk, connections, unlogged, indexes, ways_index,"
                    + " middle_format, settings"));
  }

  @Test
  void badAxisValues() throws Exception {
    assertThat(error("[text, binary]", "[text, binry]"))
        .isEqualTo(at(10, "matrix.format[1]: 'binry' is not a format; use text or binary"));
    assertThat(error("[false, true]", "[false, maybe]"))
        .isEqualTo(at(11, "matrix.freeze[1]: 'maybe' is not a freeze setting; use true or false"));
    assertThat(error("  freeze: [false, true]", "  pk: [soon]"))
        .isEqualTo(
            at(
                11,
                "matrix.pk[0]: 'soon' is not a primary key timing; use now (with CREATE TABLE) or"
                    + " later (after the load)"));
    assertThat(error("  freeze: [false, true]", "  connections: [1, 65]"))
        .isEqualTo(
            at(
                11,
                "matrix.connections[1]: '65' is not a connection count; use a whole number from 1"
                    + " to 64"));
    assertThat(error("[text, binary]", "[text, text]"))
        .isEqualTo(at(10, "matrix.format[1]: 'text' is listed twice; list each value once"));
    assertThat(error("[text, binary]", "[]"))
        .isEqualTo(
            at(
                10,
                "matrix.format: give at least one value, or remove the axis to use its default"
                    + " (text)"));
    assertThat(error("[text, binary]", "binary"))
        .isEqualTo(
            at(
                10,
                "matrix.format: expected a list, got 'binary'; list the values to compare, e.g."
                    + " format: [text, ...]"));
  }

  @Test
  void badWholeNumbers() throws Exception {
    assertThat(error("repeat: 2", "repeat: three"))
        .isEqualTo(
            at(
                8,
                "repeat: expected a whole number >= 1, or auto (rounds until the answer is sure),"
                    + " got 'three'"));
    assertThat(error("repeat: 2", "repeat: 0"))
        .isEqualTo(at(8, "repeat: expected a whole number >= 1, got '0'"));
    assertThat(error("repeat: 2", "warmup: -1"))
        .isEqualTo(at(8, "warmup: expected a whole number >= 0, got '-1'"));
    assertThat(error("repeat: 2", "repeat: 2.5"))
        .isEqualTo(at(8, "repeat: expected a whole number >= 1, got '2.5'"));
    assertThat(error("ways: 10}", "ways: 0}"))
        .isEqualTo(at(5, "dataset.rows.ways: expected a whole number >= 1, got '0'"));
    assertThat(error("  kind: osm-synthetic", "  kind: osm-synthetic\n  seed: [1]"))
        .isEqualTo(at(4, "dataset.seed: expected a whole number, got a list"));
  }

  @Test
  void badRestart() throws Exception {
    String hint = "write restart: auto, restart: never or a number of rounds per start, e.g. 2";
    assertThat(error("repeat: 2", "repeat: 2\nrestart: 0"))
        .isEqualTo(at(9, "restart: '0' is not a number of rounds per start; " + hint));
    assertThat(error("repeat: 2", "repeat: 2\nrestart: sometimes"))
        .isEqualTo(at(9, "restart: 'sometimes' is not a number of rounds per start; " + hint));
  }

  @Test
  void yamlSyntaxErrorsAreOneLineWithAColumn() throws Exception {
    assertThat(error("name: t", "name: t: u"))
        .isEqualTo(
            dir.resolve("x.yaml") + ":1:8: YAML syntax error: mapping values are not allowed here");
    assertThat(error("[nodes, ways]", "[nodes, ways"))
        .startsWith(dir.resolve("x.yaml") + ":5:")
        .contains(": YAML syntax error: expected ',' or ']', but got ")
        .contains("(while parsing a flow sequence)");
    assertThat(error("  kind: osm-synthetic", "\tkind: osm-synthetic"))
        .startsWith(dir.resolve("x.yaml") + ":3:1: YAML syntax error: ");
  }

  @Test
  void missingRequiredFieldsPointAtTheirParent() throws Exception {
    assertThat(error("steps: [create, copy]\n", ""))
        .startsWith(
            at(
                1,
                "missing 'steps': list the load steps, e.g. [create, copy, primary_key, vacuum,"
                    + " analyze, set_logged, indexes, checkpoint"));
    assertThat(error("  kind: osm-synthetic\n", ""))
        .startsWith(at(2, "missing 'dataset.kind': use kind: one of osm-synthetic, osm-pbf, "));
    assertThat(error("  versions: [16, 17]", "  target: embedded"))
        .isEqualTo(
            at(6, "missing 'servers.versions': list PostgreSQL versions, e.g. versions: [16, 17]"));
    assertThat(error("name: t", "name:"))
        .isEqualTo(at(1, "name: has no value; name the scenario, e.g. name: ways-binary-freeze"));
  }

  @Test
  void badNameAndDataset() throws Exception {
    assertThat(error("name: t", "name: Ways_Test"))
        .startsWith(at(1, "name: 'Ways_Test' is not a valid name; use lower-case letters"));
    assertThat(error("kind: osm-synthetic", "kind: planet"))
        .isEqualTo(
            at(
                3,
                "dataset.kind: 'planet' is not a dataset kind; use one of osm-synthetic, osm-pbf,"
                    + " int-arrays, points, geometry, pgbench"));
    assertThat(error("[nodes, ways]", "[nodes, edges]"))
        .isEqualTo(at(4, "dataset.tables[1]: 'edges' is not a table; use nodes, ways or rels"));
    assertThat(error("[nodes, ways]", "[ways, ways]"))
        .isEqualTo(at(4, "dataset.tables[1]: 'ways' is listed twice; list each table once"));
    assertThat(error("[nodes, ways]", "[]"))
        .isEqualTo(
            at(
                4,
                "dataset.tables: is empty; list tables to load from nodes, ways, rels, e.g. tables:"
                    + " [nodes, ways]"));
    assertThat(error("{nodes: 100, ways: 10}", "{nodes: 100}"))
        .isEqualTo(
            at(5, "dataset.rows: no row count for 'ways', which is loaded; add ways: <rows>"));
    assertThat(error("{nodes: 100, ways: 10}", "{nodes: 100, way: 10}"))
        .isEqualTo(
            at(
                5,
                "unknown key 'way' in dataset.rows (did you mean 'ways'?); known tables: nodes,"
                    + " ways, rels"));
  }

  @Test
  void badServers() throws Exception {
    assertThat(error("servers:\n", "servers:\n  target: docker\n"))
        .isEqualTo(
            at(
                7,
                "servers.target: 'docker' is not a target; use embedded, container, local:<bin dir>"
                    + " or postgresql://user@host:port/db"));
    assertThat(error("servers:\n", "servers:\n  target: postgresql://u:secret@h/db\n"))
        .isEqualTo(
            at(
                7,
                "servers.target: the URL holds a password; remove it and give it in PGPASSWORD or"
                    + " ~/.pgpass"));
    assertThat(error("[16, 17]", "[16, abc]"))
        .isEqualTo(
            at(7, "servers.versions[1]: 'abc' is not a PostgreSQL version; write e.g. 17 or 16.4"));
    assertThat(error("[16, 17]", "[16, \"16\"]"))
        .isEqualTo(at(7, "servers.versions[1]: '16' is listed twice; list each version once"));
    assertThat(error("[16, 17]", "[]"))
        .isEqualTo(
            at(7, "servers.versions: is empty; list PostgreSQL versions, e.g. versions: [16, 17]"));
  }

  @Test
  void badSettings() throws Exception {
    assertThat(error(BASE + "settings:\n  work_mem: 64MB\n  Shared_Buffers: 1GB\n"))
        .startsWith(at(15, "settings: 'Shared_Buffers' is not a PostgreSQL setting name;"));
    assertThat(error(BASE + "settings:\n  work_mem: [64MB]\n"))
        .startsWith(at(14, "settings.work_mem: expected a single value, got a list;"));
  }

  @Test
  void badSteps() throws Exception {
    assertThat(error("[create, copy]", "[create, copy, vacum]"))
        .startsWith(
            at(
                12,
                "steps[2]: unknown step 'vacum' (did you mean 'vacuum'?); known steps: create,"
                    + " copy, primary_key, vacuum, analyze, set_logged, indexes, checkpoint"));
    assertThat(error("[create, copy]", "[copy, create]"))
        .isEqualTo(
            at(
                12,
                "steps: must start with create, copy (the table is created, then loaded), after"
                    + " drop if listed; got [copy, create]"));
    assertThat(error("[create, copy]", "[create, copy, analyze, analyze]"))
        .isEqualTo(at(12, "steps[3]: 'analyze' is listed twice; list each step once"));
  }

  @Test
  void badExcludeEntries() throws Exception {
    assertThat(error(BASE + "exclude:\n  - {format: text}\n  - {pk: later}\n"))
        .isEqualTo(
            at(
                15,
                "exclude[1].pk: 'pk' is not an axis of the matrix (format, freeze); exclude can"
                    + " only name matrix axes"));
    assertThat(error(BASE + "exclude:\n  - {freez: true}\n"))
        .startsWith(
            at(14, "unknown key 'freez' in exclude[0] (did you mean 'freeze'?); known axes:"));
    assertThat(error(BASE.replace("[false, true]", "[false]") + "exclude:\n  - {freeze: true}\n"))
        .isEqualTo(
            at(14, "exclude[0].freeze: 'true' is not among the values of matrix.freeze (false)"));
    assertThat(error(BASE + "exclude:\n  - {freeze: maybe}\n"))
        .isEqualTo(at(14, "exclude[0].freeze: 'maybe' is not a freeze setting; use true or false"));
    assertThat(error(BASE + "exclude:\n  - {format: text}\n  - format: text\n    freeze: true\n"))
        .isEqualTo(at(15, "exclude[1]: matches no cell left by the entries before it; remove it"));
    assertThat(error(BASE + "exclude:\n  - {}\n"))
        .isEqualTo(
            at(
                14,
                "exclude[0]: an empty entry would drop every cell; name at least one axis and"
                    + " value"));
  }

  @Test
  void anEmptyMatrixAfterExcludeIsAnError() throws Exception {
    assertThat(error(BASE + "exclude:\n  - {format: text}\n  - {format: binary}\n"))
        .isEqualTo(
            at(
                13,
                "exclude: drops every cell of the matrix, leaving nothing to run; remove an"
                    + " entry"));
  }

  @Test
  void impossibleCellPointsAtTheFreezeAxis() throws Exception {
    assertThat(error("  freeze: [false, true]", "  freeze: [false, true]\n  connections: [1, 2]"))
        .isEqualTo(
            at(
                11,
                "cell text+freeze+conn-2 is impossible: COPY FREEZE needs the table created in the"
                    + " same transaction, which a second connection cannot join; add to exclude:"
                    + " {freeze: true, connections: 2}"));
  }

  @Test
  void malformedDocuments() throws Exception {
    assertThat(error(""))
        .isEqualTo(at(1, "the file is empty; a scenario needs name, dataset, servers and steps"));
    assertThat(error("- name: t\n"))
        .startsWith(
            at(1, "expected a mapping, got a list; a scenario is a mapping with keys name,"));
    assertThat(error("name: t\nname: u\n")).isEqualTo(at(2, "name: duplicate key; keep only one"));
    assertThat(error(BASE + "---\nname: u\n"))
        .isEqualTo(at(14, "a second YAML document; keep one scenario per file (remove the '---')"));
  }

  @Test
  void anUnreadableFileIsNamed() {
    Path missing = dir.resolve("missing.yaml");
    assertThat(catchThrowableOfType(ScenarioException.class, () -> ScenarioLoader.load(missing)))
        .hasMessage(missing + ": no such file");
  }

  @Test
  void badValuesOfTheUnloggedAndIndexAxes() throws Exception {
    String withSteps = BASE.replace("[create, copy]", "[create, copy, set_logged, indexes]");
    assertThat(error(withSteps.replace("freeze: [false, true]", "unlogged: [false, maybe]")))
        .isEqualTo(
            at(
                11,
                "matrix.unlogged[1]: 'maybe' is not an unlogged setting; use true (CREATE UNLOGGED"
                    + " TABLE, then SET LOGGED) or false"));
    assertThat(error(withSteps.replace("freeze: [false, true]", "indexes: [later, first]")))
        .isEqualTo(
            at(
                11,
                "matrix.indexes[1]: 'first' is not an index timing; use later (built after the"
                    + " load) or now (created before the COPY)"));
    assertThat(error(withSteps.replace("freeze: [false, true]", "ways_index: [gist]")))
        .isEqualTo(
            at(
                11,
                "matrix.ways_index[0]: 'gist' is not a ways index; use bucket (GIN on the node refs"
                    + " shifted by 5 bits) or full (GIN on the node refs)"));
  }

  @Test
  void anAxisNeedsTheStepThatCompletesIt() throws Exception {
    assertThat(error("  freeze: [false, true]", "  unlogged: [false, true]"))
        .isEqualTo(
            at(
                11,
                "matrix.unlogged: cell text+unlogged loads an UNLOGGED table, which only set_logged"
                    + " makes durable; add set_logged to steps"));
    assertThat(error("  freeze: [false, true]", "  ways_index: [bucket, full]"))
        .isEqualTo(
            at(
                11,
                "matrix.ways_index: cell text+ways-bucket builds its indexes after the load, which"
                    + " only the indexes step does; add indexes to steps"));
    // indexes created with the table need no step; a scenario with neither axis is unchanged
    assertThat(
            ScenarioLoader.load(
                    Files.writeString(
                        dir.resolve("now.yaml"),
                        BASE.replace("freeze: [false, true]", "indexes: [now]")))
                .cells())
        .extracting(c -> c.variant().indexesNow())
        .containsExactly(true, true);
  }

  @Test
  void pbfFileMustExistRelativeToTheScenario() throws Exception {
    assertThat(
            error(
                "  kind: osm-synthetic\n  tables: [nodes, ways]\n  rows: {nodes: 100, ways: 10}\n",
                "  kind: osm-pbf\n  file: missing.osm.pbf\n"))
        .isEqualTo(
            at(
                4,
                "dataset.file: no such file 'missing.osm.pbf' (looked for "
                    + dir.resolve("missing.osm.pbf")
                    + "); give a path to an .osm.pbf file, relative to the scenario"));
  }

  @Test
  void pbfDatasetTakesNoRowCounts() throws Exception {
    Files.write(dir.resolve("x.osm.pbf"), new byte[0]);
    assertThat(
            error(
                "  kind: osm-synthetic\n  tables: [nodes, ways]\n",
                "  kind: osm-pbf\n  file: x.osm.pbf\n"))
        .isEqualTo(at(5, "unknown key 'rows' in dataset; known keys: kind, file, tables"));
  }

  @Test
  void unknownMiddleFormatNamesBoth() throws Exception {
    assertThat(error("  freeze: [false, true]", "  middle_format: [new, jsonb]"))
        .isEqualTo(
            at(
                11,
                "matrix.middle_format[1]: 'jsonb' is not a middle format; use new (jsonb, osm2pgsql"
                    + " 1.9+) or legacy (text[], osm2pgsql up to 1.11)"));
  }
}
