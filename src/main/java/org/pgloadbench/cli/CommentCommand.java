package org.pgloadbench.cli;

import java.nio.file.Files;
import org.pgloadbench.report.CommentReport;
import picocli.CommandLine.Command;

@Command(
    name = "comment",
    description = {
      "Print a run's comment.md, the summary to paste into a GitHub issue, rebuilding the"
          + " report first.",
      "Attach it with: pgloadbench comment <run> | gh issue comment 123 --body-file -"
    })
final class CommentCommand extends ReportRebuildingCommand {
  @Override
  public Integer call() throws Exception {
    out().print(Files.readString(rebuild().resolveSibling(CommentReport.FILE)));
    return ExitCode.OK;
  }
}
