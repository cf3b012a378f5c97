package org.pgloadbench.overhead;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.results.StoredRun;
import org.pgloadbench.run.Rounds;
import org.pgloadbench.scenario.Cell;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.scenario.ScenarioLoader;
import org.pgloadbench.server.Embedded;
import org.pgloadbench.server.PostgresServer;
import org.pgloadbench.server.WorkRoots;

/**
 * pgbench -i and the harness's pgbench-equivalent cell on one server, two rounds: every phase
 * stored as its step on both sides and the report section written. Nothing here asserts speed.
 */
@Tag("server")
class PgbenchHeadToHeadTest {
  static final Path SCENARIO = Path.of("scenarios/pgbench-init.yaml");

  @TempDir Path dir;

  @Test
  void pgbenchAndTheHarnessCellPhaseByPhase() throws Exception {
    assumeTrue(Files.exists(SCENARIO), "no pgbench-init scenario in this tree");
    assumeTrue(new PgbenchInit().missing() == null, "pgbench not installed");
    Scenario scenario = ScenarioLoader.load(SCENARIO);
    Cell equivalent =
        PgbenchHeadToHead.cell(
            scenario,
            Map.of("format", "text", "freeze", "true", "pk", "later", "connections", "1"));
    assertThat(equivalent).isNotNull();

    StringWriter progress = new StringWriter();
    Path results = dir.resolve("results");
    String version;
    try (PostgresServer server =
            Embedded.target(WorkRoots.enterable(dir).resolve("servers")).start("17", Map.of());
        OverheadResults stored = create(results, scenario, new Rounds(0, 2))) {
      version = server.version();
      new PgbenchHeadToHead(
              server,
              scenario,
              List.of(equivalent),
              dir.resolve("work"),
              stored,
              new PrintWriter(progress))
          .run();
    }

    StoredRun run = StoredRun.load(results);
    assertThat(run.failures()).as("%s", progress).isEmpty();
    // the real pgbench and the harness's cell (labelled as-pgbench in the scenario) are kept apart
    assertThat(run.cells(version)).containsExactlyInAnyOrder(PgbenchInit.NAME, equivalent.label());
    assertThat(run.steps(version, PgbenchInit.NAME)).containsExactlyElementsOf(PgbenchInit.STEPS);
    assertThat(run.measured())
        .filteredOn(s -> s.cell().equals(PgbenchInit.NAME))
        .allMatch(s -> s.table().equals(PgbenchHeadToHead.ALL_TABLES))
        .extracting(StepResult::repetition)
        .containsOnly(1, 2);
    assertThat(
            run.seconds(version, equivalent.label(), run.tables(version), List.of(StepKind.COPY))
                .byRepetition())
        .containsOnlyKeys(1, 2);
    String section =
        InertOverheadReportTest.alone(new PgbenchReport(version, equivalent.label(), null), run);
    assertThat(section)
        .contains("| " + PgbenchReport.GENERATE + " |")
        .contains("| primary keys |")
        .containsPattern("goal, .*: \\*\\*(met|not met) \\([0-9.]+\\)\\*\\*");
  }

  @Test
  void thePairLoadsAsManyAccountsAsPgbenchAtItsScale() throws Exception {
    assumeTrue(Files.exists(SCENARIO), "no pgbench-init scenario");
    assumeTrue(new PgbenchInit().missing() == null, "pgbench not installed");
    Path results = dir.resolve("results");
    PairResult result;
    String version;
    try (PostgresServer server =
            Embedded.target(WorkRoots.enterable(dir).resolve("servers")).start("17", Map.of());
        OverheadResults stored = create(results, ScenarioLoader.load(SCENARIO), new Rounds(0, 1))) {
      version = server.version();
      result =
          PgbenchHeadToHead.pair(
              "pgbench-init",
              Path.of("scenarios"),
              2,
              dir.resolve("work"),
              server,
              stored,
              new PrintWriter(new StringWriter()));
    }

    assertThat(result.skipped()).isNull();
    assertThat(result.setup()).singleElement().asString().contains("pgbench -i -s 2");
    StoredRun run = StoredRun.load(results);
    assertThat(run.failures()).isEmpty();
    assertThat(InertOverheadReportTest.alone(result.section(), run)).contains("| cell binary s |");
    // both cells (text and binary) loaded pgbench -i -s 2's 200,000 accounts
    assertThat(run.measured())
        .filteredOn(s -> s.step() == StepKind.COPY && s.table().equals("pgbench_accounts"))
        .hasSize(2)
        .allMatch(s -> s.measured().rows() == 200_000L)
        .extracting(StepResult::cell)
        .containsExactlyInAnyOrder("as-pgbench", "binary");
    assertThat(run.cells(version)).contains(PgbenchInit.NAME);
  }

  private static OverheadResults create(Path results, Scenario scenario, Rounds rounds)
      throws Exception {
    return new OverheadResults(results, "test", scenario, rounds, "test");
  }
}
