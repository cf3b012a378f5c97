package org.pgloadbench.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.dataset.Dataset;
import org.pgloadbench.estimate.Estimate;
import org.pgloadbench.estimate.History;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.report.ReportText;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.scenario.ScenarioLoader;
import org.pgloadbench.server.Embedded;
import org.pgloadbench.server.EmbeddedTarget;
import org.pgloadbench.server.WorkRoots;

/** Whole runs on real servers: what is stored, and what happens when a step or a server fails. */
@Tag("server")
class RunnerTest {
  @TempDir Path dir;

  @Test
  void storesEveryStepOfEveryCellOnTwoVersions() throws Exception {
    Scenario scenario =
        scenario(
            """
name: two-versions
dataset: {kind: osm-synthetic, tables: [nodes, ways], rows: {nodes: 20000, ways: 3000}, seed: 7}
servers: {versions: [16, 17]}
settings: {autovacuum: off}
warmup: 0
matrix:
  format: [text, binary]
  freeze: [false, true]
  pk: [later]
steps: [create, copy, primary_key, vacuum, analyze]
""");
    ByteArrayOutputStream progress = new ByteArrayOutputStream();
    int failures;
    Path runDir = dir.resolve("results/two-versions/20261201-000000");
    try (ResultStore store = ResultStore.create(runDir, scenario.axes())) {
      failures = run(scenario, store, progress);
    }

    assertThat(failures).isZero();
    List<StepResult> steps = ResultStore.readSteps(runDir);
    // 16, 17 and a control: a second 16, same binaries and settings
    assertThat(steps).hasSize(3 * 4 * 2 * 5).allMatch(StepResult::ok);
    assertThat(steps)
        .extracting(StepResult::server)
        .anyMatch(v -> v.startsWith("16.") && !v.endsWith("-control"))
        .anyMatch(v -> v.startsWith("17."))
        .anyMatch(v -> v.startsWith("16.") && v.endsWith("-control"));
    assertThat(
            progress.toString(StandardCharsets.UTF_8).lines().filter(l -> l.contains("round 1/1")))
        .hasSize(12);
    assertThat(steps)
        .filteredOn(step("copy", "planet_osm_nodes"))
        .allMatch(s -> s.measured().rows() == 20000 && s.measured().walBytes() > 0);
    assertThat(steps)
        .filteredOn(step("copy", "planet_osm_ways"))
        .allMatch(s -> s.measured().rows() == 3000);
    // every step says how much CPU the harness itself took and the server's processes took, in
    // the results and the CSV (the server's columns after the client's)
    assertThat(steps)
        .allMatch(
            s -> s.measured().clientCpuSeconds() != null && s.measured().clientCpuSeconds() >= 0)
        .allMatch(s -> s.measured().serverCpuSeconds() != null);
    assertThat(Files.readAllLines(runDir.resolve(ResultStore.TIMINGS)).get(0))
        .contains(",client_cpu_seconds,server_cpu_user_seconds,");

    // COPY FREEZE leaves every page in use all-frozen; a plain COPY leaves none, and VACUUM after
    // it
    // has work to do (visibility map, hint bits) that VACUUM after FREEZE has not.
    List<StepResult> copies = steps.stream().filter(step("copy", "planet_osm_nodes")).toList();
    assertThat(copies)
        .filteredOn(s -> s.axes().get("freeze").equals("true"))
        .hasSize(6)
        .allMatch(
            s ->
                s.measured().pages() > 0
                    && s.measured().frozenPages().equals(s.measured().pages()));
    assertThat(copies)
        .filteredOn(s -> s.axes().get("freeze").equals("false"))
        .hasSize(6)
        .allMatch(s -> s.measured().frozenPages() == 0);
    long maxVacuumWalAfterFreeze =
        vacuumWal(steps, "true").stream().mapToLong(Long::longValue).max().orElseThrow();
    long minVacuumWalAfterCopy =
        vacuumWal(steps, "false").stream().mapToLong(Long::longValue).min().orElseThrow();
    assertThat(maxVacuumWalAfterFreeze).isLessThan(minVacuumWalAfterCopy);

    // the indexes' size after every step: none during the load of a pk: later cell, the key's
    // once it is added (20,000 nodes: about 450 kB), and the report shows what the table ends with
    assertThat(copies).allMatch(s -> s.measured().indexBytes() == 0);
    assertThat(steps)
        .filteredOn(step("primary_key", "planet_osm_nodes"))
        .hasSize(12)
        .allMatch(s -> s.measured().indexBytes() > 100_000);
    assertThat(ReportText.markdown(runDir))
        .contains("indexes at the end (MB)")
        .doesNotContain("indexes after copy (MB)");

    List<String> csv = Files.readAllLines(runDir.resolve(ResultStore.TIMINGS));
    assertThat(csv.get(0))
        .startsWith(
            "run_id,scenario,pg_version,cell,format,freeze,pk,repetition,table,step,status,seconds,rows,wal_bytes");
    assertThat(csv).hasSize(1 + steps.size());
    JsonNode run = new ObjectMapper().readTree(runDir.resolve(ResultStore.RUN).toFile());
    assertThat(run.at("/servers")).hasSize(3);
    assertThat(run.at("/servers/1/settings/autovacuum").asText()).isEqualTo("off");
    assertThat(run.at("/environment/cpus").asInt()).isPositive();

    // the time outside the steps, per server: its start, and each of its 4 loads' set-up
    RunManifest manifest = ResultStore.readRun(runDir);
    assertThat(manifest.outsideSteps()).hasSize(3);
    assertThat(manifest.outsideSteps().values())
        .allMatch(o -> o.startSeconds() > 0 && o.loads() == 4 && o.loadSetupSeconds() > 0);
    // which estimates the same plan at the run's own time (run.json keeps whole seconds)
    Estimate estimate =
        Estimate.of(
            scenario, Plan.of(scenario, null), History.of(dir.resolve("results"), scenario));
    assertThat(estimate.outside().recorded()).isTrue();
    double span =
        Duration.between(
                Instant.parse(manifest.environment().started()),
                Instant.parse(manifest.environment().ended()))
            .toSeconds();
    assertThat(estimate.seconds()).isCloseTo(span, within(1.0));
  }

  @Test
  void recordsAFailedStepAndAServerThatDidNotStartAndGoesOn() throws Exception {
    // summarize_wal exists from 17 on, so 16 refuses to start. On 17 a temp_file_limit of 0 fails
    // the primary key built after the load (its sort spills), while the key built during the load
    // (pk-now) needs no temporary file.
    Scenario scenario =
        scenario(
            """
            name: failures
            dataset: {kind: osm-synthetic, tables: [nodes], rows: {nodes: 200000}}
            servers: {versions: [16, 17]}
            settings: {summarize_wal: off, temp_file_limit: 0, maintenance_work_mem: 1MB}
            repeat: 2
            warmup: 0
            matrix:
              pk: [later, now]
            steps: [create, copy, primary_key, analyze]
            """);
    Path runDir = dir.resolve("results/run");
    int failures;
    try (ResultStore store = ResultStore.create(runDir, scenario.axes())) {
      failures = run(scenario, store, new ByteArrayOutputStream());
    }
    List<StepResult> steps = ResultStore.readSteps(runDir);

    // 16 and its control cannot start; on 17 the primary key fails twice
    assertThat(failures).isEqualTo(2 + 2);
    assertThat(steps.subList(0, 2))
        .extracting(StepResult::step, StepResult::server)
        .allMatch(t -> t.toList().get(0) == StepKind.SERVER)
        .extracting(t -> (String) t.toList().get(1))
        .containsExactly("16", "16-control");
    assertThat(steps.subList(0, 2)).allMatch(s -> s.error().contains("summarize_wal"));
    assertThat(steps)
        .filteredOn(s -> !s.ok() && s.step().yamlName().equals("primary_key"))
        .hasSize(2)
        .allMatch(s -> s.error().contains("temp_file_limit") && s.cell().equals("pk-later"));
    assertThat(steps)
        .filteredOn(s -> s.cell().equals("pk-now"))
        .hasSize(2 * 3)
        .allMatch(StepResult::ok);
    assertThat(steps)
        .filteredOn(step("copy", "planet_osm_nodes"))
        .hasSize(4)
        .allMatch(s -> s.measured().rows() == 200000);
    // the key present during the load has grown with it
    assertThat(steps)
        .filteredOn(step("copy", "planet_osm_nodes"))
        .filteredOn(s -> s.cell().equals("pk-now"))
        .allMatch(s -> s.measured().indexBytes() > 1_000_000);
  }

  @Test
  void parallelCopyLoadsEveryRowOnceOverSeveralConnections() throws Exception {
    // The primary key added after the load fails on any row loaded twice; the COPY counts, summed
    // over the connections, must equal the rows generated.
    Scenario scenario =
        scenario(
            """
            name: parallel
            dataset: {kind: osm-synthetic, tables: [nodes, rels], rows: {nodes: 30001, rels: 999}}
            servers: {versions: [17]}
            warmup: 0
            matrix:
              connections: [1, 3]
              pk: [later]
            steps: [create, copy, primary_key]
            """);
    Path runDir = dir.resolve("results/run");
    try (ResultStore store = ResultStore.create(runDir, scenario.axes())) {
      assertThat(run(scenario, store, new ByteArrayOutputStream())).isZero();
    }
    List<StepResult> steps = ResultStore.readSteps(runDir);
    assertThat(steps).hasSize(2 * 2 * 3).allMatch(StepResult::ok);
    assertThat(steps)
        .filteredOn(step("copy", "planet_osm_nodes"))
        .extracting((StepResult s) -> s.measured().rows())
        .containsExactly(30001L, 30001L);
    assertThat(steps)
        .filteredOn(step("copy", "planet_osm_rels"))
        .extracting(StepResult::cell)
        .containsExactly("conn-1+pk-later", "conn-3+pk-later");
  }

  @Test
  void loadsEveryObjectOfAPbfFileInBothMiddleFormatsAndStoresItsShape() throws Exception {
    // Liechtenstein: 65,733 nodes, 7,121 ways, 113 relations; 2 COPY connections slice the cache,
    // and the primary key added after the load fails on any object loaded twice.
    Path pbf = Path.of("data/liechtenstein-2013-08-03.osm.pbf").toAbsolutePath();
    Scenario scenario =
        scenario(
            """
            name: pbf
            dataset: {kind: osm-pbf, file: %s}
            servers: {versions: [17]}
            warmup: 0
            matrix:
              middle_format: [new, legacy]
              connections: [2]
              pk: [later]
            steps: [create, copy, primary_key, indexes]
            """
                .formatted(pbf));
    Path runDir = dir.resolve("results/run");
    ByteArrayOutputStream progress = new ByteArrayOutputStream();
    Progress out = Progress.lines(new PrintWriter(progress, true, StandardCharsets.UTF_8));
    Dataset dataset = scenario.dataset().open(dir.resolve("work"), out::note);
    try (ResultStore store = ResultStore.create(runDir, scenario.axes())) {
      EmbeddedTarget target = Embedded.target(WorkRoots.enterable(dir).resolve("servers"));
      assertThat(new Runner(scenario, dataset, target, store, out, "pbf-run").run()).isZero();
    }
    List<StepResult> steps = ResultStore.readSteps(runDir);
    // per format 3 tables x 3 steps, the ways' bucket index, and the rels' indexes of the format
    assertThat(steps).hasSize(2 * (3 * 3 + 1) + 2 + 1).allMatch(StepResult::ok);
    assertThat(steps)
        .filteredOn(step("indexes", "planet_osm_rels"))
        .extracting(StepResult::cell, StepResult::object)
        .containsExactly(
            tuple("middle-new+conn-2+pk-later", "planet_osm_rels_node_members_idx"),
            tuple("middle-new+conn-2+pk-later", "planet_osm_rels_way_members_idx"),
            tuple("middle-legacy+conn-2+pk-later", "planet_osm_rels_parts_idx"));
    assertThat(steps)
        .filteredOn(step("copy", "planet_osm_nodes"))
        .extracting((StepResult s) -> s.measured().rows())
        .containsOnly(65_733L);
    assertThat(steps)
        .filteredOn(step("copy", "planet_osm_rels"))
        .extracting((StepResult s) -> s.measured().rows())
        .containsOnly(113L);
    assertThat(steps)
        .filteredOn(step("copy", "planet_osm_ways"))
        .extracting(StepResult::cell)
        .containsExactly("middle-new+conn-2+pk-later", "middle-legacy+conn-2+pk-later");
    assertThat(progress.toString(StandardCharsets.UTF_8)).contains("decoded liechtenstein");

    JsonNode run = new ObjectMapper().readTree(runDir.resolve(ResultStore.RUN).toFile());
    assertThat(run.path("scenario").path("dataset").path("file").asText())
        .isEqualTo("liechtenstein-2013-08-03.osm.pbf");
    assertThat(run.path("dataset_shape").path("file").path("ways").asLong()).isEqualTo(7121);
    assertThat(run.path("dataset_shape").path("synthetic").path("rels").asLong()).isEqualTo(113);
  }

  private Scenario scenario(String yaml) throws Exception {
    Path file = dir.resolve("scenario.yaml");
    Files.writeString(file, yaml);
    return ScenarioLoader.load(file);
  }

  private int run(Scenario scenario, ResultStore store, ByteArrayOutputStream progress)
      throws Exception {
    EmbeddedTarget target = Embedded.target(WorkRoots.enterable(dir).resolve("servers"));
    return Runners.of(
            scenario,
            target,
            store,
            Progress.lines(new PrintWriter(progress, true, StandardCharsets.UTF_8)),
            "test-run")
        .run();
  }

  private static Predicate<StepResult> step(String step, String table) {
    return s -> s.step().yamlName().equals(step) && s.table().equals(table);
  }

  private static List<Long> vacuumWal(List<StepResult> steps, String freeze) {
    return steps.stream()
        .filter(step("vacuum", "planet_osm_nodes"))
        .filter(s -> s.axes().get("freeze").equals(freeze))
        .map((StepResult s) -> s.measured().walBytes())
        .toList();
  }
}
