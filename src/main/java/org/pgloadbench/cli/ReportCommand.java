package org.pgloadbench.cli;

import picocli.CommandLine.Command;

@Command(name = "report", description = "Rebuild a run's report from its stored results.")
final class ReportCommand extends ReportRebuildingCommand {
  @Override
  public Integer call() throws Exception {
    out().println(rebuild());
    return ExitCode.OK;
  }
}
