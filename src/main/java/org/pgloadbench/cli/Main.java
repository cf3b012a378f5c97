package org.pgloadbench.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import org.pgloadbench.report.MarkdownReport;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.run.Runner;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.scenario.ScenarioException;
import org.pgloadbench.scenario.ScenarioLoader;
import org.pgloadbench.server.EmbeddedTarget;
import org.pgloadbench.server.ServerException;
import org.pgloadbench.server.ServerTarget;

/**
 * The command line. {@link #run} is the whole program and returns an exit code: 0 when everything
 * ran, 1 when a step or a server failed (the results and the report still hold what was measured),
 * 2 for a command line or scenario that cannot run. Only {@link #main} exits.
 */
public final class Main {
  static final int OK = 0;
  static final int FAILED = 1;
  static final int USAGE = 2;

  static final DateTimeFormatter RUN_ID = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

  private Main() {}

  public static void main(String[] args) {
    System.exit(run(System.out, System.err, args));
  }

  public static int run(PrintStream out, PrintStream err, String... args) {
    if (Arrays.asList(args).contains("--help")) {
      out.println(Options.USAGE);
      return OK;
    }
    try {
      Options options = Options.parse(args);
      return switch (options.command()) {
        case "plan" -> plan(options, out);
        case "bench" -> bench(options, out, err);
        case "reproduce" -> Reproduce.run(options, out, err);
        default -> report(Path.of(options.target()), options.reports(), out);
      };
    } catch (Options.UsageException e) {
      if (e.getMessage() != null) {
        err.println("pgloadbench: " + e.getMessage());
      }
      err.println(Options.USAGE);
      return USAGE;
    } catch (ScenarioException | ServerException e) {
      err.println(e.getMessage());
      return USAGE;
    } catch (IOException e) {
      err.println("pgloadbench: " + e.getMessage());
      return FAILED;
    } catch (RuntimeException e) {
      err.println(
          "pgloadbench: internal error: " + e + " (set PGLOADBENCH_DEBUG=1 for the stack trace)");
      if (System.getenv("PGLOADBENCH_DEBUG") != null) {
        e.printStackTrace(err);
      }
      return FAILED;
    }
  }

  private static Scenario scenario(Options options) throws ScenarioException {
    return scenario(options.target(), options);
  }

  static Scenario scenario(String name, Options options) throws ScenarioException {
    Path file = ScenarioLoader.resolve(name, options.scenarios());
    return ScenarioLoader.load(file).withOverrides(options.overrides());
  }

  private static ServerTarget target(Options options) {
    return new EmbeddedTarget(
        options.workDir() == null ? EmbeddedTarget.defaultWorkRoot() : options.workDir());
  }

  private static int plan(Options options, PrintStream out)
      throws ScenarioException, ServerException {
    Scenario scenario = scenario(options);
    out.print(Plan.describe(scenario, target(options)));
    return OK;
  }

  private static int bench(Options options, PrintStream out, PrintStream err)
      throws ScenarioException, ServerException, IOException {
    return bench(scenario(options), options, out, err).failures() == 0 ? OK : FAILED;
  }

  /** What one bench left: its report and how many steps failed. */
  record Bench(Path report, int failures) {}

  static Bench bench(Scenario scenario, Options options, PrintStream out, PrintStream err)
      throws ServerException, IOException {
    ServerTarget target = target(options);
    String plan = Plan.describe(scenario, target); // fails on a version the target cannot run
    String runId = LocalDateTime.now(ZoneOffset.UTC).format(RUN_ID);
    Path runDir = options.results().resolve(scenario.name()).resolve(runId);
    if (Files.exists(runDir)) {
      throw new IOException(
          "results for run " + runId + " exist already in " + runDir + "; try again in a second");
    }
    out.println(plan);
    int failures;
    try (ResultStore store = ResultStore.create(runDir, scenario.axes())) {
      failures = new Runner(scenario, target, store, out, runId).run();
    }
    out.println("results: " + runDir);
    if (failures > 0) {
      err.println("pgloadbench: " + failures + " step(s) failed; the report lists them");
    }
    Path report =
        MarkdownReport.write(runDir, options.reports().resolve(scenario.name()).resolve(runId));
    out.println(report);
    return new Bench(report, failures);
  }

  private static int report(Path runDir, Path reports, PrintStream out) throws IOException {
    if (!Files.isRegularFile(runDir.resolve(ResultStore.STEPS))) {
      throw new IOException(
          runDir
              + " holds no "
              + ResultStore.STEPS
              + ": give a directory results/<scenario>/<run-id>");
    }
    Path scenario = runDir.toAbsolutePath().normalize().getParent().getFileName();
    Path report =
        MarkdownReport.write(runDir, reports.resolve(scenario).resolve(runDir.getFileName()));
    out.println(report);
    return OK;
  }
}
