package org.pgloadbench.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.pgloadbench.report.ScalingReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
    name = "scaling",
    mixinStandardHelpOptions = true,
    versionProvider = Main.Revision.class,
    description = {
      "Time against rows: runs of one scenario at several scales (make scaling) as one table and"
          + " one chart of COPY seconds against rows. The last line printed is the report's path."
    })
final class ScalingCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(arity = "1..*", paramLabel = "RUN", description = "results/<scenario>/<run-id> dirs")
  List<Path> runs;

  @Option(
      names = {"-o", "--output"},
      required = true,
      paramLabel = "DIR",
      description = "where scaling.md and scaling.png go")
  Path output;

  @Override
  public Integer call() throws Exception {
    spec.commandLine().getOut().println(ScalingReport.write(runs, output));
    return Main.OK;
  }
}
