package org.pgloadbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.report.ReportText;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.scenario.ScenarioLoader;
import org.pgloadbench.server.Embedded;
import org.pgloadbench.server.WorkRoots;

/**
 * A run over the unlogged, indexes and ways_index axes (four of their cells) on the oldest and
 * newest servers: what the set_logged, indexes and checkpoint steps store, and what the report
 * shows of them.
 */
@Tag("server")
class UnloggedAndIndexRunTest {
  @TempDir Path dir;

  @Test
  void storesBothHalvesOfUnloggedAndARowPerIndexBuilt() throws Exception {
    Path file =
        Files.writeString(
            dir.resolve("scenario.yaml"),
            """
            name: unlogged-indexes
            dataset: {kind: osm-synthetic, tables: [ways, rels], rows: {ways: 3000, rels: 150}}
            servers: {versions: [14, 18]}
            settings: {autovacuum: off}
            warmup: 0
            control: false
            matrix:
              unlogged: [false, true]
              indexes: [later, now]
              ways_index: [bucket, full]
            exclude:
              - {indexes: now, ways_index: full}
              - {unlogged: false, indexes: later, ways_index: full}
              - {unlogged: true, indexes: later, ways_index: bucket}
            steps: [create, copy, set_logged, indexes, checkpoint]
            """);
    Scenario scenario = ScenarioLoader.load(file);
    Path runDir = dir.resolve("results/unlogged-indexes/run");
    try (ResultStore store = ResultStore.create(runDir, scenario.axes())) {
      int failures =
          Runners.of(
                  scenario,
                  Embedded.target(WorkRoots.enterable(dir).resolve("servers")),
                  store,
                  Progress.lines(new PrintWriter(new StringWriter())),
                  "test-run")
              .run();
      assertThat(failures).isZero();
    }
    List<StepResult> steps = ResultStore.readSteps(runDir);
    assertThat(steps).allMatch(StepResult::ok);

    // One row per index built after the load, naming it, with its size; none where the indexes
    // came with the table. Only steps on an object name one.
    List<StepResult> builds = steps.stream().filter(step("indexes")).toList();
    assertThat(builds)
        .hasSize(2 * 2 * 3)
        .allMatch(s -> s.axes().get("indexes").equals("later"))
        .allMatch(
            s ->
                s.measured().objectBytes() > 0
                    && s.measured().rows() == null
                    && s.measured().walBytes() > 0);
    assertThat(builds.stream().map(StepResult::object).distinct())
        .containsExactlyInAnyOrder(
            "planet_osm_ways_nodes_bucket_idx",
            "planet_osm_ways_nodes_idx",
            "planet_osm_rels_node_members_idx",
            "planet_osm_rels_way_members_idx");
    assertThat(steps).filteredOn(step("indexes").negate()).allMatch(s -> s.object() == null);
    Map<String, Long> waysIndexBytes =
        builds.stream()
            .filter(s -> s.table().equals("planet_osm_ways"))
            .collect(
                Collectors.toMap(
                    StepResult::object,
                    (StepResult s) -> s.measured().objectBytes(),
                    Math::max,
                    java.util.TreeMap::new));
    assertThat(waysIndexBytes.get("planet_osm_ways_nodes_bucket_idx"))
        .isLessThan(
            builds.stream()
                .filter(s -> "planet_osm_ways_nodes_idx".equals(s.object()))
                .mapToLong((StepResult s) -> s.measured().objectBytes())
                .min()
                .orElseThrow());

    // set_logged only in unlogged cells, where it writes the table to WAL that the copy did not
    List<StepResult> setLogged = steps.stream().filter(step("set_logged")).toList();
    assertThat(setLogged)
        .hasSize(2 * 2 * 2)
        .allMatch(s -> s.axes().get("unlogged").equals("true"))
        .allMatch(s -> s.measured().walBytes() > s.measured().tableBytes() / 2);
    for (StepResult s : setLogged) {
      StepResult copy = sameLoad(steps, s, "copy");
      assertThat(copy.measured().walBytes()).isLessThan(s.measured().walBytes() / 4);
    }
    assertThat(steps).filteredOn(step("checkpoint")).hasSize(2 * 4 * 2);

    List<String> csv = Files.readAllLines(runDir.resolve(ResultStore.TIMINGS));
    assertThat(csv.get(0)).contains(",error,object,object_bytes");
    assertThat(csv)
        .anyMatch(l -> l.contains(",indexes,ok,") && l.contains(",planet_osm_ways_nodes_idx,"));

    String report = ReportText.markdown(runDir);
    assertThat(report)
        .contains("**UNLOGGED, then SET LOGGED:**")
        .contains("| unlogged+idx-later+ways-full | ways | ")
        .contains("**Index builds after the load**")
        .contains("| rels | planet_osm_rels_way_members_idx | ")
        .doesNotContain("| logged+idx-now+ways-bucket | ways | planet_osm");
  }

  private static Predicate<StepResult> step(String name) {
    return s -> s.step().yamlName().equals(name);
  }

  /**
   * The result of {@code step} in the same load (version, cell, repetition) and table as {@code s}.
   */
  private static StepResult sameLoad(List<StepResult> steps, StepResult s, String step) {
    return steps.stream()
        .filter(
            r ->
                r.step().yamlName().equals(step)
                    && r.server().equals(s.server())
                    && r.cell().equals(s.cell())
                    && r.repetition() == s.repetition()
                    && r.table().equals(s.table()))
        .findFirst()
        .orElseThrow();
  }
}
