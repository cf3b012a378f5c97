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
  private static final DateTimeFormatter RUN_ID = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

  @Spec CommandSpec spec;
  @Mixin ScenarioArgs args;
  @Mixin OutputDirs dirs;
  @Mixin BaseVersion base;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Scenario scenario = args.scenario();
    ServerTarget target = args.target();
    String plan = Plan.describe(scenario, target); // fails on a version the target cannot run
    String baseVersion = base.checked(scenario.servers().versions());
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
    Dataset dataset = Dataset.of(scenario.dataset(), args.workRoot(), progress::note);
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
    return failures == 0 ? Main.OK : Main.FAILED;
  }
}
