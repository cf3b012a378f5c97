package org.pgloadbench.cli;

import org.pgloadbench.scenario.ScenarioSchema;
import picocli.CommandLine.Command;

@Command(
    name = "schema",
    description = {
      "Print the JSON Schema of scenario files, as "
          + ScenarioSchema.FILE
          + " holds it: completion, hover text and errors in an editor (yaml-language-server,"
          + " IntelliJ).",
      "A scenario points to it with the first line "
          + "'# yaml-language-server: $schema=<path of the schema, relative to the scenario>'."
    })
final class SchemaCommand extends BaseCommand {

  @Override
  public Integer call() {
    out().print(ScenarioSchema.json());
    return ExitCode.OK;
  }
}
