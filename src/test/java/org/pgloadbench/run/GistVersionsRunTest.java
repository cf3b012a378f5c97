package org.pgloadbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
 * A GiST build on points after the load, on the oldest and newest version: one result row per build
 * naming the index with its size, and the report's table of builds side by side per version.
 */
@Tag("server")
class GistVersionsRunTest {
  @TempDir Path dir;

  @Test
  void buildsTheGistIndexOnEachVersionAndReportsThemSideBySide() throws Exception {
    Path file =
        Files.writeString(
            dir.resolve("gist.yaml"),
            """
            name: gist
            dataset: {kind: points, rows: 4000, shape: clustered}
            servers: {versions: [14, 18]}
            repeat: 2
            warmup: 0
            control: false
            steps: [create, copy, indexes]
            """);
    Scenario scenario = ScenarioLoader.load(file);
    Path runDir = dir.resolve("results/run");
    try (ResultStore store = ResultStore.create(runDir, scenario.axes())) {
      int failures =
          Runners.of(
                  scenario,
                  Embedded.target(WorkRoots.enterable(dir).resolve("servers")),
                  store,
                  Progress.lines(new PrintWriter(new StringWriter())),
                  "gist-run")
              .run();
      assertThat(failures).isZero();
    }
    List<StepResult> builds =
        ResultStore.readSteps(runDir).stream()
            .filter(s -> s.step().yamlName().equals("indexes"))
            .toList();
    assertThat(builds).hasSize(2 * 2).allMatch(s -> s.ok() && s.measured().objectBytes() > 8192);
    assertThat(builds).extracting(StepResult::object).containsOnly("points_p_idx");
    assertThat(builds).extracting(StepResult::table).containsOnly("points");

    String report = ReportText.markdown(runDir);
    String section = report.substring(report.indexOf("## Index builds per version"));
    assertThat(section.lines().skip(6).findFirst().orElseThrow())
        .startsWith("| default | points_p_idx | ")
        .matches("(\\| [^|]+ ){6}\\|");
    assertThat(section)
        .containsPattern("\\| 14\\.[0-9]+ build \\(s\\) \\| 18\\.[0-9]+ build \\(s\\) \\|");
  }
}
