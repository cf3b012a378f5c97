package org.pgloadbench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.pgloadbench.compare.CompareReport;
import org.pgloadbench.compare.RunComparison;
import org.pgloadbench.results.StoredRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(
    name = "compare",
    description = {
      "Compare two result sets of one scenario, matched by version, cell, table and step:",
      "medians, delta, p-value and verdict. Writes compare.md with its chart; its path is the"
          + " last line printed."
    })
final class CompareCommand extends BaseCommand {

  @Parameters(index = "0", paramLabel = "<base>", description = "results/<scenario>/<run-id>")
  Path base;

  @Parameters(
      index = "1",
      arity = "0..1",
      paramLabel = "<new>",
      description =
          "results/<scenario>/<run-id>; without it, the servers of <base>'s run are compared with"
              + " its base, round by round")
  Path other;

  @Option(
      names = "--base-pg",
      paramLabel = "VERSION",
      description = "with one run: the server the others are compared with (default: the first)")
  String basePg;

  @Option(
      names = "--fail-above",
      paramLabel = "5%",
      description =
          "exit 1 when a row is significantly slower in <new> by more than this many percent")
  String failAbove;

  @Option(
      names = "--fail-on",
      paramLabel = "ROWS",
      description =
          "the rows --fail-above checks: all (default), total (each version and cell's total), or"
              + " instructions (with one run that counted them: each cell's total instructions)")
  String failOn;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description = "where compare.md goes (default: reports/<scenario>/compare-<base>-vs-<new>)")
  Path out;

  @Option(
      names = "--reports",
      paramLabel = "DIR",
      description = "the reports root (default: ${DEFAULT-VALUE})")
  Path reports = Path.of("reports");

  @Override
  public Integer call() throws Exception {
    Double threshold = threshold();
    String rows = failOn();
    boolean onInstructions = rows.equals(CompareWithinRun.INSTRUCTIONS);
    if (onInstructions && other != null) {
      throw usage(
          "--fail-on (FAIL_ON=) instructions compares the servers of one run: give RUN= alone");
    }
    if (other == null) {
      Path dir = out != null ? out : ReportRebuildingCommand.reportDir(base, reports);
      return CompareWithinRun.run(
          ReportRebuildingCommand.checked(base),
          basePg == null || basePg.isBlank() ? null : basePg,
          threshold,
          onInstructions,
          dir,
          out(),
          err());
    }
    RunComparison comparison =
        RunComparison.of(
            StoredRun.load(ReportRebuildingCommand.checked(base)),
            StoredRun.load(ReportRebuildingCommand.checked(other)));
    PrintWriter stdout = out();
    stdout.print(CompareReport.text(comparison));
    Path dir = out != null ? out : defaultDir();
    Path file = CompareReport.write(comparison, dir);
    int code = ExitCode.OK;
    if (threshold != null) {
      List<String> slower =
          comparison.slowerThan(threshold, rows.equals(RunComparison.TOTAL)).stream()
              .map(row -> String.format(Locale.ROOT, "%s %+.1f%%", row.label(), row.deltaPercent()))
              .toList();
      code =
          CompareWithinRun.gate(
              slower,
              " row(s) significantly slower by more than "
                  + failAbove.replace("%", "").strip()
                  + "%, e.g. ",
              ExitCode.FAILED,
              err());
    }
    stdout.println(file);
    return code;
  }

  private Double threshold() {
    if (failAbove == null || failAbove.isBlank()) {
      return null;
    }
    try {
      double value = Double.parseDouble(failAbove.strip().replaceFirst("%$", ""));
      if (value >= 0 && Double.isFinite(value)) {
        return value;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw usage("--fail-above (FAIL_ABOVE=) " + failAbove + ": give a percentage such as 5 or 5%");
  }

  /** The rows --fail-above checks: all (when not given), total or instructions. */
  private String failOn() {
    String rows = failOn == null || failOn.isBlank() ? "all" : failOn.strip();
    if (List.of("all", RunComparison.TOTAL, CompareWithinRun.INSTRUCTIONS).contains(rows)) {
      return rows;
    }
    throw usage("--fail-on (FAIL_ON=) " + failOn + ": give all, total or instructions");
  }

  private Path defaultDir() {
    Path scenario = ReportRebuildingCommand.reportDir(other, reports).getParent();
    return scenario.resolve("compare-" + base.getFileName() + "-vs-" + other.getFileName());
  }
}
