package org.pgloadbench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.pgloadbench.estimate.Estimate;
import org.pgloadbench.estimate.History;
import org.pgloadbench.run.Plan;
import org.pgloadbench.scenario.Scenario;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
    name = "plan",
    mixinStandardHelpOptions = true,
    versionProvider = Main.Revision.class,
    description = {
      "Validate a scenario and print its cells, without starting a server, and how long it will"
          + " take, estimated from stored runs of it."
    })
final class PlanCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin ScenarioArgs args;

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
    Plan plan = AutoRounds.plan(scenario, null);
    PrintWriter out = spec.commandLine().getOut();
    out.print(PlanText.describe(scenario, plan, args.target(scenario, "plan")));
    out.print(
        EstimateText.describe(
            scenario, plan, Estimate.of(scenario, plan, History.of(results, scenario))));
    return Main.OK;
  }
}
