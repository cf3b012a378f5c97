package org.pgloadbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.pgloadbench.dataset.TableDef;
import org.pgloadbench.recipe.Recipe;
import org.pgloadbench.recipe.Step;
import org.pgloadbench.results.Measurements;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.results.StepKey;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.results.StoredRun;
import org.pgloadbench.scenario.Cell;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.scenario.ScenarioFiles;
import org.pgloadbench.scenario.ScenarioLoader;

/**
 * Every shipped scenario's comment.md stays under {@link CommentReport#BUDGET} characters and opens
 * with the answer: each scenario run as its plan would, every version (and the control), cell,
 * table and step, 8 rounds, with made-up times (the size of a comment does not hang on them).
 */
class ShippedCommentsTest {
  @TempDir Path root;

  static Stream<String> scenarios() {
    return ScenarioFiles.available(Path.of("scenarios")).stream();
  }

  @ParameterizedTest
  @MethodSource("scenarios")
  void theCommentOfEveryShippedScenarioStaysUnderItsBudget(String name) throws Exception {
    Scenario scenario = ScenarioLoader.load(Path.of("scenarios", name + ".yaml"));
    Path dir = root.resolve(name);
    write(scenario, dir);
    StoredRun results = StoredRun.load(dir);
    VersionComparison comparison =
        results.versions().size() > 1 ? VersionComparison.of(results, null) : null;
    String comment = CommentReport.render(new ReportedRun(results, comparison));
    assertThat(comment.length()).as(name).isLessThan(CommentReport.BUDGET);
    assertThat(comment).startsWith("### pgloadbench: " + name).contains("#### The answer");
  }

  private static void write(Scenario scenario, Path dir) throws IOException {
    List<String> versions = new ArrayList<>();
    scenario.servers().versions().forEach(v -> versions.add(v.contains(".") ? v : v + ".9"));
    if (versions.size() > 1) {
      versions.add(versions.get(0) + RunManifest.CONTROL_SUFFIX);
    }
    RunManifest.Resolved resolved =
        new RunManifest.Resolved(
            scenario.name(),
            scenario.description(),
            scenario.source().toString(),
            scenario.dataset().json(),
            null,
            scenario.settings(),
            8,
            1,
            scenario.axes(),
            scenario.cells().stream()
                .map(
                    c ->
                        new RunManifest.CellRun(
                            c.label(), c.axes(), c.variant().settings().profileName()))
                .toList(),
            scenario.steps(),
            scenario.claims(),
            scenario.baseline(),
            null);
    Random random = new Random(16);
    try (ResultStore store = ResultStore.create(dir, scenario.axes())) {
      store.writeRun(
          new RunManifest(
              "20261130-000000", resolved, null, List.of(), null, RunManifest.ROUNDS, null, null, null, null, null, null));
      for (int round = 1; round <= 8; round++) {
        for (String version : versions) {
          for (Cell cell : scenario.cells()) {
            for (TableDef table : scenario.dataset().tableDefs(cell.variant())) {
              for (Step step : Recipe.of(scenario.steps(), cell.variant(), table)) {
                store.append(
                    StepResult.ok(
                        "20261130-000000",
                        scenario.name(),
                        new StepKey(
                            version, cell.label(), round, table.name(), step.kind(), step.object()),
                        cell.axes(),
                        Measurements.timed(0.05 + random.nextDouble())
                            .rows(1000L)
                            .walBytes(1L << 20)
                            .objectBytes(step.object() == null ? null : 1L << 16)
                            .table(1L << 20, 128L, 64L)
                            .build()));
              }
            }
          }
        }
      }
    }
  }
}
