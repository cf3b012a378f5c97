package org.pgloadbench.cli;

import java.util.List;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import org.pgloadbench.estimate.History;
import org.pgloadbench.publish.PublishException;
import org.pgloadbench.run.Bench;
import org.pgloadbench.run.Schedule;
import org.pgloadbench.scenario.Scenario;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
    name = "bench",
    description = {
      "Run a scenario, store its results and write its report (and publish the run with"
          + " --results-db).",
      "The last line printed is the report's path."
    })
final class BenchCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin ScenarioArgs args;
  @Mixin OutputDirs dirs;
  @Mixin BaseVersion base;
  @Mixin ShardArgs shard;

  @Option(
      names = "--resume",
      paramLabel = "DIR",
      description =
          "go on with an interrupted run in its directory, results/<scenario>/<run-id>; refused"
              + " when the scenario or the overrides differ")
  Path resume;

  @Override
  public Integer call() throws Exception {
    Scenario scenario = args.scenario();
    String baseVersion = base.checked(scenario.servers().versions());
    Bench.Done done =
        Bench.run(
            request(scenario, args, dirs, spec)
                .withBase(baseVersion)
                .withShard(shard.shard(scenario, baseVersion))
                .withResume(resume));
    return exitCode(List.of(done));
  }

  /**
   * A bench of {@code scenario} as the command line gives it (also for {@code reproduce}): its
   * servers, its rounds, the output directories, shown on the command's output with an estimate.
   */
  static Bench.Request request(
      Scenario scenario, ScenarioArgs args, OutputDirs dirs, CommandSpec spec)
      throws PublishException {
    Supplier<History> history = History.lazily(dirs.results, scenario);
    return request(scenario, args, dirs, spec, AutoRounds.schedule(scenario, history), history);
  }

  /** As above, its rounds decided by {@code schedule}, estimated from {@code history} (or not). */
  static Bench.Request request(
      Scenario scenario,
      ScenarioArgs args,
      OutputDirs dirs,
      CommandSpec spec,
      Schedule schedule,
      Supplier<History> history)
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
        new BenchConsole(spec.commandLine().getOut(), spec.commandLine().getErr(), history),
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
