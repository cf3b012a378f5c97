package org.pgloadbench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import org.pgloadbench.estimate.Estimate;
import org.pgloadbench.estimate.History;
import org.pgloadbench.run.Plan;
import org.pgloadbench.run.Preflight;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.server.ServerTarget;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(
    name = "plan",
    description = {
      "Validate a scenario and print its cells, without starting a server, and how long it will"
          + " take, estimated from stored runs of it; what bench would refuse before it starts"
          + " (a memory cap, disk limit or standby the target cannot give, a missing extension"
          + " or image), it refuses in the same one line."
    })
final class PlanCommand extends BaseCommand {
  @Mixin ScenarioArgs args;
  @Mixin ShardArgs shard;
  @Mixin BaseVersion base;

  @Option(
      names = "--results",
      paramLabel = "DIR",
      description =
          "where the stored runs the time is estimated from are, under <scenario>/ (default:"
              + " ${DEFAULT-VALUE})")
  Path results = Path.of("results");

  @Override
  public Integer call() throws Exception {
    Scenario scenario = args.scenario();
    History history = History.of(results, scenario);
    // the base bench would compare with: its control's twin, and a shard's group id, are the same
    String baseVersion = base.checked(scenario.servers().versions());
    Plan plan =
        AutoRounds.plan(scenario, baseVersion, shard.shard(scenario, baseVersion))
            .restartingAsStored(scenario, history::runs);
    ServerTarget target = args.target(scenario, "plan");
    String shown = PlanText.describe(scenario, plan, target);
    // refused as bench would refuse it, in the same one line, before anything is shown
    Preflight.check(scenario, plan, target);
    PrintWriter out = out();
    out.print(shown);
    out.print(EstimateText.describe(scenario, plan, Estimate.of(scenario, plan, history)));
    return ExitCode.OK;
  }
}
