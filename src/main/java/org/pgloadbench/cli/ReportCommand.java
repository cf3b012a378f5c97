package org.pgloadbench.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.pgloadbench.report.MarkdownReport;
import org.pgloadbench.results.ResultStore;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
    name = "report",
    mixinStandardHelpOptions = true,
    versionProvider = Main.Revision.class,
    description = "Rebuild a run's report from its stored results.")
final class ReportCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "<run>",
      description = "a directory results/<scenario>/<run-id>")
  Path run;

  @Mixin OutputDirs dirs;
  @Mixin BaseVersion base;

  @Override
  public Integer call() throws Exception {
    Path report =
        MarkdownReport.write(checked(run), reportDir(run, dirs.reports), base.checked(run));
    spec.commandLine().getOut().println(report);
    return Main.OK;
  }

  /** A run directory, or a one-line error if it holds no results. */
  static Path checked(Path runDir) throws IOException {
    if (!Files.isRegularFile(runDir.resolve(ResultStore.STEPS))) {
      throw new IOException(
          runDir
              + " holds no "
              + ResultStore.STEPS
              + ": give a directory results/<scenario>/<run-id>");
    }
    return runDir;
  }

  /** reports/<scenario>/<run-id> for results/<scenario>/<run-id>. */
  static Path reportDir(Path runDir, Path reports) {
    Path scenario = runDir.toAbsolutePath().normalize().getParent().getFileName();
    return reports.resolve(scenario.toString()).resolve(runDir.getFileName().toString());
  }
}
