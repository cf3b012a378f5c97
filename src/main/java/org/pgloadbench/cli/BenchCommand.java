package org.pgloadbench.cli;

import java.nio.file.Path;
import java.util.List;
import org.pgloadbench.run.Bench;
import org.pgloadbench.scenario.Scenario;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(
    name = "bench",
    description = {
      "Run a scenario, store its results and write its report (and publish the run with"
          + " --results-db).",
      "The last line printed is the report's path."
    })
final class BenchCommand extends ScenarioCommand {
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
        Bench.run(request(scenario).with(baseVersion, shard.shard(scenario, baseVersion), resume));
    return exitCode(List.of(done));
  }
}
