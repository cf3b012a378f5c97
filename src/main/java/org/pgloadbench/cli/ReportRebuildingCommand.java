package org.pgloadbench.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.pgloadbench.report.MarkdownReport;
import org.pgloadbench.results.ResultStore;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/**
 * A command that rebuilds one stored run's report (report, comment): the same run argument, report
 * directory and base version, so that the two print from one rebuilt report and cannot drift.
 */
abstract class ReportRebuildingCommand extends BaseCommand {

  @Parameters(
      index = "0",
      paramLabel = "<run>",
      description = "a directory results/<scenario>/<run-id>")
  Path run;

  @Mixin OutputDirs dirs;
  @Mixin BaseVersion base;

  /** Rebuilds the run's report.md (comment.md and the rest beside it); report.md's path. */
  final Path rebuild() throws IOException {
    return MarkdownReport.write(checked(run), reportDir(run, dirs.reports), base.checked(run));
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
