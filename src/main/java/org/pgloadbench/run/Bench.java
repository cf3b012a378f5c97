package org.pgloadbench.run;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.function.Consumer;
import java.util.function.Function;
import org.pgloadbench.dataset.Dataset;
import org.pgloadbench.publish.PublishException;
import org.pgloadbench.publish.ResultsDatabase;
import org.pgloadbench.report.MarkdownReport;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.scenario.ScenarioException;
import org.pgloadbench.server.ServerTarget;

/**
 * One bench, from a scenario to its report ({@code bench}, each scenario of {@code reproduce}, the
 * race of {@code recommend}): the plan worked out and checked against the target before anything
 * starts, the run (new, or one resumed) stored as it goes, then report.md written from what was
 * stored. The command line says what to run in one {@link Request} and shows what {@link Console}
 * is given.
 */
public final class Bench {
  private static final DateTimeFormatter RUN_ID = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

  private Bench() {}

  /**
   * What to bench, and where.
   *
   * @param targets the server target of a run, by its id
   * @param results where run directories go, {@code results/<scenario>/<run-id>}
   * @param reports where reports go, likewise
   * @param workRoot where the dataset caches what it prepares (a decoded PBF file)
   * @param base the version the report compares the others with; null: the oldest
   * @param resume an interrupted run's directory to go on with, or null
   * @param database where the stored run is published too ({@code RESULTS=}), or null
   * @param shard the part of the plan's servers to run ({@code SHARD=}), or null for all
   */
  public record Request(
      Scenario scenario,
      Function<String, ServerTarget> targets,
      Path results,
      Path reports,
      Path workRoot,
      String base,
      Path resume,
      Schedule schedule,
      Console console,
      ResultsDatabase database,
      Shard shard) {
    public Request {
      resume = resume == null || resume.toString().isBlank() ? null : resume;
    }

    /** This request for {@code base}, a {@code shard} of the plan, going on with {@code resume}. */
    public Request with(String base, Shard shard, Path resume) {
      return new Request(
          scenario, targets, results, reports, workRoot, base, resume, schedule, console, database,
          shard);
    }
  }

  /**
   * What a bench shows its user: the plan before the run, its progress while it runs, what it
   * took after.
   */
  public interface Console {
    /** The plan as shown; a version the target cannot run fails here, as the scenario's error. */
    String plan(Scenario scenario, Plan plan, ServerTarget target) throws ScenarioException;

    /**
     * Shows {@code shown} once every check passed and returns the progress the run reports to;
     * {@code resumed}: the loads stored already are skipped.
     */
    Progress start(Scenario scenario, Plan plan, String shown, boolean resumed);

    /** After the last round, before the report. */
    void ended(Scenario scenario, Path runDir) throws IOException;

    PrintWriter out();

    PrintWriter err();
  }

  /**
   * What a bench left.
   *
   * @param unpublished whether publishing it to the results database failed (its one line said how
   *     to publish it later); the results and report are whole either way
   */
  public record Done(Path results, Path report, int failures, boolean unpublished) {}

  /** A new run's id: the time it starts, UTC, to the second. */
  public static String newRunId() {
    return LocalDateTime.now(ZoneOffset.UTC).format(RUN_ID);
  }

  /** Runs it, stores its results and writes its report; its path is the last line printed. */
  public static Done run(Request request) throws Exception {
    Console console = request.console();
    Consumer<String> warn = warning -> console.err().println("pgloadbench: warning: " + warning);
    Scenario scenario = request.schedule().scenario().apply(request.scenario());
    Path runDir = request.resume();
    Resume stored = runDir == null ? Resume.NONE : Resume.of(runDir, scenario, warn);
    // a shard's id says which: the shards of a group start at once, maybe into one results tree
    String runId =
        runDir != null
            ? runDir.toAbsolutePath().normalize().getFileName().toString()
            : request.shard() == null
                ? newRunId()
                : newRunId() + "-shard" + request.shard().index() + "of" + request.shard().count();
    ServerTarget target = request.targets().apply(runId);
    Plan plan = request.schedule().plan().apply(Plan.of(scenario, request.base(), request.shard()));
    if (stored != Resume.NONE) {
      Shard.resumes(stored.stored(), request.shard(), runDir);
    }
    String shown = console.plan(scenario, plan, target);
    Preflight.check(scenario, plan, target);
    if (request.database() != null) {
      request.database().check();
    }
    target.prepare();
    if (runDir == null) {
      runDir = request.results().resolve(scenario.name()).resolve(runId);
      if (Files.exists(runDir)) {
        throw new IOException(
            "results for run " + runId + " exist already in " + runDir + "; try again in a second");
      }
    }
    Progress progress = console.start(scenario, plan, shown, stored != Resume.NONE);
    Dataset dataset = scenario.dataset().open(request.workRoot(), progress::note);
    int failures;
    try (ResultStore store =
        stored == Resume.NONE
            ? ResultStore.create(runDir, scenario.axes())
            : ResultStore.reopen(runDir, scenario.axes(), warn)) {
      Runner runner = new Runner(scenario, plan, dataset, target, store, progress, runId, stored);
      failures = runner.rounds(request.schedule().policy().apply(plan)).run();
    }
    console.ended(scenario, runDir);
    console.out().println("results: " + runDir);
    if (failures > 0) {
      console.err().println("pgloadbench: " + failures + " step(s) failed; the report lists them");
    }
    Path report =
        MarkdownReport.write(
            runDir,
            request.reports().resolve(scenario.name()).resolve(runId),
            plan.base(request.base()));
    boolean unpublished =
        request.database() != null && !publish(request.database(), runDir, report, console);
    console.out().println(report);
    return new Done(runDir, report, failures, unpublished);
  }

  /**
   * Publishes the stored run; when that fails, its results and report stay as written, and the one
   * line says how to publish it later.
   */
  private static boolean publish(
      ResultsDatabase database, Path runDir, Path report, Console console) throws IOException {
    try {
      console.out().println("published: " + database.publish(runDir).runKey() + " to " + database);
      return true;
    } catch (PublishException e) {
      // one line, and the command goes on: reproduce's next scenario, the report's path last
      console.err().println(
          e.getMessage()
              + "; the run is kept in "
              + runDir
              + " and its report in "
              + report
              + ": publish it later with make publish RUN="
              + runDir
              + " RESULTS="
              + database.redacted());
      return false;
    }
  }
}
