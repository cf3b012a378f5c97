package org.pgloadbench.overhead;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.pgloadbench.dataset.Dataset;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.run.Progress;
import org.pgloadbench.run.Runner;
import org.pgloadbench.scenario.Cell;
import org.pgloadbench.scenario.Overrides;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.scenario.ScenarioException;
import org.pgloadbench.server.PostgresServer;

/**
 * One load of one scenario cell on a lent server, by the harness's own runner (a fresh database,
 * CHECKPOINT before, the scenario's steps timed by the runner, every COPY's row count checked): an
 * ordinary run of the scenario restricted to that cell, once, its results kept in a directory of
 * their own under the head-to-head's.
 */
final class CellLoad {
  private CellLoad() {}

  /** The load's step results, as the runner stored them in {@code resultsDir/round-N-label}. */
  static List<StepResult> run(
      PostgresServer server,
      Scenario scenario,
      Dataset dataset,
      Cell cell,
      int round,
      Path resultsDir)
      throws IOException, ScenarioException {
    // the shared server's version only: the runner would otherwise load once per listed version
    Scenario one =
        scenario
            .withOverrides(Overrides.parse(server.version(), null, "1", "0"))
            .withCells(List.of(cell));
    Path dir =
        resultsDir.resolve(
            String.format(Locale.ROOT, "round-%d-%s", round, cell.label()).replace("+", "-"));
    try (ResultStore store = ResultStore.create(dir, one.axes())) {
      new Runner(
              one,
              dataset,
              new SharedServer(server),
              store,
              Progress.lines(new PrintWriter(PrintWriter.nullWriter())),
              dir.getFileName().toString())
          .run();
    }
    return ResultStore.readSteps(dir);
  }
}
