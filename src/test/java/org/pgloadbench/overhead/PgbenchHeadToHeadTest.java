package org.pgloadbench.overhead;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.scenario.Cell;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.scenario.ScenarioLoader;
import org.pgloadbench.server.EmbeddedTarget;
import org.pgloadbench.server.PostgresServer;
import org.pgloadbench.server.WorkRoots;

/**
 * pgbench -i and the harness's pgbench-equivalent cell on one server, two rounds: every phase
 * measured on both sides and the report section written. Nothing here asserts speed.
 */
class PgbenchHeadToHeadTest {
  @TempDir Path dir;

  @Test
  void pgbenchAndTheHarnessCellPhaseByPhase() throws Exception {
    Path file = Path.of("scenarios/pgbench-init.yaml");
    assumeTrue(Files.exists(file), "no pgbench-init scenario in this tree");
    assumeTrue(new PgbenchInit().missing() == null, "pgbench not installed");
    Scenario scenario = ScenarioLoader.load(file);
    Cell equivalent =
        PgbenchHeadToHead.cell(
            scenario,
            Map.of("format", "text", "freeze", "true", "pk", "later", "connections", "1"));
    assertThat(equivalent).isNotNull();

    List<PgbenchHeadToHead.Phases> phases;
    StringWriter progress = new StringWriter();
    try (PostgresServer server =
        new EmbeddedTarget(WorkRoots.enterable(dir).resolve("servers")).start("17", Map.of())) {
      phases =
          new PgbenchHeadToHead(
                  server,
                  scenario,
                  List.of(equivalent),
                  2,
                  0,
                  dir.resolve("results"),
                  new PrintWriter(progress))
              .run();
    }

    assertThat(phases).hasSize(4).allMatch(PgbenchHeadToHead.Phases::ok);
    // the real pgbench and the harness's cell (labelled as-pgbench in the scenario) are kept apart
    assertThat(phases)
        .extracting(PgbenchHeadToHead.Phases::contender)
        .containsOnly(PgbenchInit.NAME, equivalent.label())
        .filteredOn(PgbenchInit.NAME::equals)
        .hasSize(2);
    assertThat(phases)
        .allMatch(
            p ->
                p.seconds().containsKey(PgbenchReport.GENERATE)
                    && p.seconds().containsKey("primary keys")
                    && p.seconds().get("total") > 0);
    String section = PgbenchReport.markdown(phases, equivalent.label(), null);
    assertThat(section)
        .contains("| " + PgbenchReport.GENERATE + " |")
        .containsPattern("goal, .*: \\*\\*(met|not met)\\*\\*");
  }

  @Test
  void thePairLoadsAsManyAccountsAsPgbenchAtItsScale() throws Exception {
    assumeTrue(Files.exists(Path.of("scenarios/pgbench-init.yaml")), "no pgbench-init scenario");
    assumeTrue(new PgbenchInit().missing() == null, "pgbench not installed");
    PairResult result;
    try (PostgresServer server =
        new EmbeddedTarget(WorkRoots.enterable(dir).resolve("servers")).start("17", Map.of())) {
      result =
          new PgbenchPair("pgbench-init", Path.of("scenarios"), 2)
              .run(server, 1, 0, dir.resolve("results"), new PrintWriter(new StringWriter()));
    }

    assertThat(result.skipped()).isNull();
    assertThat(result.failed()).isZero();
    assertThat(result.setup()).singleElement().asString().contains("pgbench -i -s 2");
    assertThat(result.section()).contains("| cell binary s |");
    // both cells (text and binary) loaded pgbench -i -s 2's 200,000 accounts
    try (var rounds = Files.list(dir.resolve("results"))) {
      List<Path> cells = rounds.toList();
      assertThat(cells).hasSize(2);
      for (Path cell : cells) {
        assertThat(ResultStore.readSteps(cell))
            .filteredOn(
                s -> s.step().yamlName().equals("copy") && s.table().equals("pgbench_accounts"))
            .singleElement()
            .extracting((StepResult s) -> s.measured().rows())
            .isEqualTo(200_000L);
      }
    }
  }
}
