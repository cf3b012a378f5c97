package org.pgloadbench.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import org.pgloadbench.dataset.Dataset;
import org.pgloadbench.dataset.DatasetSpec;
import org.pgloadbench.estimate.Estimate;
import org.pgloadbench.estimate.Eta;
import org.pgloadbench.estimate.History;
import org.pgloadbench.render.Formats;
import org.pgloadbench.report.MarkdownReport;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.run.Plan;
import org.pgloadbench.run.Progress;
import org.pgloadbench.run.Resume;
import org.pgloadbench.run.RoundPolicy;
import org.pgloadbench.run.Runner;
import org.pgloadbench.scenario.Measure;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.server.ServerException;
import org.pgloadbench.server.ServerTarget;
import org.pgloadbench.server.Valgrind;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
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

  @Option(
      names = "--resume",
      paramLabel = "DIR",
      description =
          "go on with an interrupted run in its directory, results/<scenario>/<run-id>; refused"
              + " when the scenario or the overrides differ")
  Path resume;

  @Override
  public Integer call() throws Exception {
    Scenario scenario = args.scenario();
    Done done =
        run(
            scenario,
            args,
            dirs,
            base.checked(scenario.servers().versions()),
            resume,
            spec.commandLine().getOut(),
            spec.commandLine().getErr());
    return done.failures() == 0 ? Main.OK : Main.FAILED;
  }

  /**
   * Refuses, before anything starts, a server that lacks an extension the dataset needs (PostGIS
   * for geometries), where the target can tell without starting it; a container is asked once it
   * runs.
   */
  static void checkExtensions(Scenario scenario, Plan plan, ServerTarget target)
      throws ServerException {
    for (DatasetSpec.Extension extension : scenario.dataset().extensions()) {
      for (String requested :
          plan.servers().stream().map(Plan.Server::requested).distinct().toList()) {
        String why = target.whyNoExtension(requested, extension.name());
        if (why != null) {
          throw new ServerException(
              extension.name()
                  + ": "
                  + why
                  + ", which the "
                  + scenario.dataset().kind()
                  + " dataset needs; "
                  + extension.install());
        }
      }
    }
  }

  /** What one bench left: its results, its report and how many steps failed. */
  record Done(Path results, Path report, int failures) {}

  /** How a run decides its rounds: its plan, and who decides after the plan's rounds (or null). */
  interface Schedule {
    Plan plan(Plan scenarios);

    RoundPolicy policy(Plan plan);

    /** The scenario's: a fixed number of rounds, or repeat: auto. */
    static Schedule of(Scenario scenario) {
      return new Schedule() {
        @Override
        public Plan plan(Plan scenarios) {
          return scenarios;
        }

        @Override
        public RoundPolicy policy(Plan plan) {
          return scenario.stopping().auto() ? new AutoRounds(plan, scenario.stopping()) : null;
        }
      };
    }
  }

  /**
   * Runs one scenario, stores its results and writes its report (also for {@code reproduce});
   * {@code baseVersion} is the version the report compares the others with (null: the oldest),
   * {@code resume} a run directory to go on with, or null.
   */
  static Done run(
      Scenario scenario,
      ScenarioArgs args,
      OutputDirs dirs,
      String baseVersion,
      Path resume,
      PrintWriter out,
      PrintWriter err)
      throws Exception {
    return run(scenario, args, dirs, baseVersion, resume, out, err, null);
  }

  /** As above, the rounds decided by {@code schedule} (null: the scenario's). */
  static Done run(
      Scenario scenario,
      ScenarioArgs args,
      OutputDirs dirs,
      String baseVersion,
      Path resume,
      PrintWriter out,
      PrintWriter err,
      Schedule schedule)
      throws Exception {
    Consumer<String> warn = warning -> err.println("pgloadbench: warning: " + warning);
    if (schedule == null && scenario.stopping().auto()) {
      // the rounds before the first look; run.json records them as the run's repeat
      scenario = scenario.withRepeat(AutoRounds.minimum(scenario));
    }
    Path runDir = resume == null || resume.toString().isBlank() ? null : resume;
    Resume stored = runDir == null ? Resume.NONE : Resume.of(runDir, scenario, warn);
    String runId =
        runDir == null
            ? LocalDateTime.now(ZoneOffset.UTC).format(RUN_ID)
            : runDir.toAbsolutePath().normalize().getFileName().toString();
    ServerTarget target = args.target(scenario, runId);
    Schedule rounds = schedule == null ? Schedule.of(scenario) : schedule;
    Plan plan = rounds.plan(Plan.of(scenario, baseVersion));
    String described =
        PlanText.describe(scenario, plan, target); // fails on a version the target cannot run
    target.prepare(); // fails on a work dir that is not the user's own
    if (plan.capped()) {
      String why = target.whyNoMemoryCap();
      if (why != null) {
        throw new ServerException("memory cap: " + why);
      }
    }
    if (plan.throttled()) {
      String why = target.whyNoDiskLimit();
      if (why != null) {
        throw new ServerException("disk limit: " + why);
      }
    }
    if (scenario.measure() == Measure.INSTRUCTIONS) {
      String why = Valgrind.whyNot();
      if (why != null) {
        throw new ServerException("instructions: " + why);
      }
    }
    if (plan.standbys()) {
      String why = target.whyNoStandby();
      if (why != null) {
        throw new ServerException("standby: " + why);
      }
    }
    checkExtensions(scenario, plan, target);
    if (runDir == null) {
      runDir = dirs.results.resolve(scenario.name()).resolve(runId);
      if (Files.exists(runDir)) {
        throw new IOException(
            "results for run " + runId + " exist already in " + runDir + "; try again in a second");
      }
    }
    // a race (recommend) goes its own way: no estimate
    Estimate estimate =
        schedule == null ? Estimate.of(scenario, plan, History.of(dirs.results, scenario)) : null;
    out.print(described);
    if (estimate != null) {
      out.print(EstimateText.describe(scenario, plan, estimate));
    }
    out.println();
    out.flush();
    int failures;
    // a resumed run skips the loads it holds, which the estimate's timeline counts
    boolean timed = estimate != null && estimate.none() == null && stored == Resume.NONE;
    Progress progress = TerminalProgress.choose(out, timed ? new Eta(estimate.timeline()) : null);
    Dataset dataset = scenario.dataset().open(args.workRoot(), progress::note);
    try (ResultStore store =
        stored == Resume.NONE
            ? ResultStore.create(runDir, scenario.axes())
            : ResultStore.reopen(runDir, scenario.axes(), warn)) {
      Runner runner = new Runner(scenario, plan, dataset, target, store, progress, runId, stored);
      failures = runner.rounds(rounds.policy(plan)).run();
    }
    if (timed && !scenario.stopping().auto() && estimate.seconds() > 0) {
      out.println(took(runDir, estimate));
    }
    out.println("results: " + runDir);
    if (failures > 0) {
      err.println("pgloadbench: " + failures + " step(s) failed; the report lists them");
    }
    Path report =
        MarkdownReport.write(
            runDir, dirs.reports.resolve(scenario.name()).resolve(runId), baseVersion);
    out.println(report);
    return new Done(runDir, report, failures);
  }

  /** The run's time as run.json records it, beside the estimate it started with. */
  private static String took(Path runDir, Estimate estimate) throws IOException {
    RunManifest.Machine machine = ResultStore.readRun(runDir).environment();
    double seconds =
        Duration.between(Instant.parse(machine.started()), Instant.parse(machine.ended()))
            .toSeconds();
    return String.format(
        Locale.ROOT,
        "time: %s from the first server's start to the last load; estimated %s (the run took %.2f"
            + " times that)",
        Formats.duration(seconds),
        Formats.duration(estimate.seconds()),
        seconds / estimate.seconds());
  }
}
