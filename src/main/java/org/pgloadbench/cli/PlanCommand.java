package org.pgloadbench.cli;

import java.util.concurrent.Callable;
import org.pgloadbench.scenario.Scenario;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(
    name = "plan",
    mixinStandardHelpOptions = true,
    versionProvider = Main.Revision.class,
    description = "Validate a scenario and print its cells, without starting a server.")
final class PlanCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin ScenarioArgs args;

  @Override
  public Integer call() throws Exception {
    Scenario scenario = args.scenario();
    spec.commandLine()
        .getOut()
        .print(
            PlanText.describe(
                scenario, AutoRounds.plan(scenario, null), args.target(scenario, "plan")));
    return Main.OK;
  }
}
