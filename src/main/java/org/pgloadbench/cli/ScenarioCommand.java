package org.pgloadbench.cli;

import java.util.List;
import java.util.function.Supplier;
import org.pgloadbench.estimate.History;
import org.pgloadbench.publish.PublishException;
import org.pgloadbench.run.Bench;
import org.pgloadbench.run.Schedule;
import org.pgloadbench.scenario.Scenario;
import picocli.CommandLine.Mixin;

/**
 * A command that runs scenarios on servers (bench, reproduce, recommend, overhead): the scenario's
 * flags and where its results and reports go.
 */
abstract class ScenarioCommand extends BaseCommand {
  @Mixin ScenarioArgs args;
  @Mixin OutputDirs dirs;

  /**
   * A bench of {@code scenario} as the command line gives it: its servers, its rounds, the output
   * directories, shown on the command's output with an estimate.
   */
  final Bench.Request request(Scenario scenario) throws PublishException {
    Supplier<History> history = History.lazily(dirs.results, scenario);
    return request(scenario, AutoRounds.schedule(scenario, history), history);
  }

  /** As above, its rounds decided by {@code schedule}, estimated from {@code history} (or not). */
  final Bench.Request request(Scenario scenario, Schedule schedule, Supplier<History> history)
      throws PublishException {
    return new Bench.Request(
        scenario,
        runId -> args.target(scenario, runId),
        dirs.results,
        dirs.reports,
        args.workRoot(),
        null,
        null,
        schedule,
        new BenchConsole(out(), err(), history),
        args.resultsDatabase(),
        null);
  }

  /**
   * A bench's exit: 2 when a run could not be published (its line said how to publish it later),
   * else 1 when a step failed, else 0.
   */
  static int exitCode(List<Bench.Done> done) {
    if (done.stream().anyMatch(Bench.Done::unpublished)) {
      return ExitCode.USAGE;
    }
    return done.stream().allMatch(d -> d.failures() == 0) ? ExitCode.OK : ExitCode.FAILED;
  }
}
