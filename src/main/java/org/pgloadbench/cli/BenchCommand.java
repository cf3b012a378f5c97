package org.pgloadbench.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.Callable;
import org.pgloadbench.dataset.Dataset;
import org.pgloadbench.report.MarkdownReport;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.run.Progress;
import org.pgloadbench.run.Runner;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.server.ServerTarget;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(
    name = "bench",
    mixinStandardHelpOptions = true,
    versionProvider = Main.Revision.class,
    description = {
      "Run a scenario, store its results and write its report.",
      "The last line printed is the report's path."
    })
final class BenchCommand implements Callable<Integer> {
  static final DateTimeFormatter RUN_ID = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

  @Spec CommandSpec spec;
  @Mixin ScenarioArgs args;
  @Mixin OutputDirs dirs;
  @Mixin BaseVersion base;

  @Override
  public Integer call() throws Exception {
    Scenario scenario = args.scenario();
    Done done =
        run(
            scenario,
            args.target(),
            args.workRoot(),
            base.checked(scenario.servers().versions()),
            dirs,
            spec.commandLine().getOut(),
            spec.commandLine().getErr());
    return done.failures() == 0 ? Main.OK : Main.FAILED;
  }

  /** What one bench left: its report and how many steps failed. */
  record Done(Path report, int failures) {}

  /**
   * Runs one scenario, stores its results and writes its report (also for {@code reproduce});
   * {@code baseVersion} is the version the report compares the others with, null for the oldest.
   */
  static Done run(
      Scenario scenario,
      ServerTarget target,
      Path workRoot,
      String baseVersion,
      OutputDirs dirs,
      PrintWriter out,
      PrintWriter err)
      throws Exception {
    String plan = Plan.describe(scenario, target); // fails on a version the target cannot run
    target.prepare(); // fails on a work dir that is not the user's own
    String runId = LocalDateTime.now(ZoneOffset.UTC).format(RUN_ID);
    Path runDir = dirs.results.resolve(scenario.name()).resolve(runId);
    if (Files.exists(runDir)) {
      throw new IOException(
          "results for run " + runId + " exist already in " + runDir + "; try again in a second");
    }
    out.println(plan);
    out.flush();
    int failures;
    Progress progress = TerminalProgress.choose(out);
    Dataset dataset = Dataset.of(scenario.dataset(), workRoot, progress::note);
    try (ResultStore store = ResultStore.create(runDir, scenario.axes())) {
      failures = new Runner(scenario, dataset, target, store, progress, runId).run();
    }
    out.println("results: " + runDir);
    if (failures > 0) {
      err.println("pgloadbench: " + failures + " step(s) failed; the report lists them");
    }
    Path report =
        MarkdownReport.write(
            runDir, dirs.reports.resolve(scenario.name()).resolve(runId), baseVersion);
    out.println(report);
    return new Done(report, failures);
  }
}
