package org.pgloadbench.cli;

import java.util.concurrent.Callable;
import org.pgloadbench.scenario.ScenarioSchema;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(
    name = "schema",
    mixinStandardHelpOptions = true,
    versionProvider = Revision.class,
    description = {
      "Print the JSON Schema of scenario files, as "
          + ScenarioSchema.FILE
          + " holds it: completion, hover text and errors in an editor (yaml-language-server,"
          + " IntelliJ).",
      "A scenario points to it with the first line "
          + "'# yaml-language-server: $schema=<path of the schema, relative to the scenario>'."
    })
final class SchemaCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    spec.commandLine().getOut().print(ScenarioSchema.json());
    return ExitCode.OK;
  }
}
