package org.pgloadbench.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.pgloadbench.report.CommentReport;
import org.pgloadbench.report.MarkdownReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
    name = "comment",
    mixinStandardHelpOptions = true,
    versionProvider = Main.Revision.class,
    description = {
      "Print a run's comment.md, the summary to paste into a GitHub issue, rebuilding the"
          + " report first.",
      "Attach it with: pgloadbench comment <run> | gh issue comment 123 --body-file -"
    })
final class CommentCommand implements Callable<Integer> {
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
        MarkdownReport.write(
            ReportCommand.checked(run),
            ReportCommand.reportDir(run, dirs.reports),
            base.checked(run));
    spec.commandLine().getOut().print(Files.readString(report.resolveSibling(CommentReport.FILE)));
    return Main.OK;
  }
}
