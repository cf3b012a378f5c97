package org.pgloadbench.overhead;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.pgloadbench.dataset.Dataset;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.StepKey;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.run.Progress;
import org.pgloadbench.run.Runner;
import org.pgloadbench.scenario.Cell;
import org.pgloadbench.scenario.Overrides;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.scenario.ScenarioException;
import org.pgloadbench.server.LentServer;
import org.pgloadbench.server.PostgresServer;
import org.pgloadbench.server.WorkRoot;

/**
 * Loads of a scenario's cells on a lent server by the harness's own runner (a fresh database,
 * CHECKPOINT before, the scenario's steps timed by the runner, every COPY's row count checked):
 * each an ordinary run of the scenario restricted to one cell, once, its steps then stored as the
 * overhead run's, the round as their repetition.
 */
final class CellLoad {
  private final PostgresServer server;
  private final Scenario scenario;
  private final Dataset dataset;
  private final OverheadResults results;

  CellLoad(PostgresServer server, Scenario scenario, Dataset dataset, OverheadResults results)
      throws ScenarioException {
    this.server = server;
    // the lent server's version only: the runner would otherwise load once per listed version
    this.scenario =
        scenario.withOverrides(
            Overrides.NONE
                .with(Overrides.VERSIONS, List.of(server.version()))
                .with(Overrides.REPEAT, 1)
                .with(Overrides.WARMUP, 0));
    this.dataset = dataset;
    this.results = results;
  }

  /** One load of {@code cell}: its steps, keyed as the overhead run's. */
  List<StepResult> run(Cell cell, int round) throws IOException {
    Path dir = Files.createTempDirectory("pgloadbench-cell-");
    try {
      Path run = dir.resolve("run");
      try (ResultStore store = ResultStore.create(run, scenario.axes())) {
        new Runner(
                scenario.withCells(List.of(cell)),
                dataset,
                new LentServer(server),
                store,
                Progress.lines(new PrintWriter(PrintWriter.nullWriter())),
                results.runId())
            .run();
      }
      return ResultStore.readSteps(run).stream()
          .map(
              s ->
                  results.step(
                      new StepKey(
                          server.version(), cell.label(), round, s.table(), s.step(), s.object()),
                      OverheadResults.axes(Contenders.HARNESS, cell.axes()),
                      s))
          .toList();
    } finally {
      WorkRoot.delete(dir);
    }
  }
}
