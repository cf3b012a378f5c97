package org.pgloadbench.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.function.Supplier;
import org.pgloadbench.estimate.Estimate;
import org.pgloadbench.estimate.Eta;
import org.pgloadbench.estimate.History;
import org.pgloadbench.render.Formats;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.run.Bench;
import org.pgloadbench.run.Plan;
import org.pgloadbench.run.Progress;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.scenario.ScenarioException;
import org.pgloadbench.server.ServerTarget;

/**
 * What a bench shows on the command line: the plan and, from the scenario's stored runs, the time
 * it will take; then the progress (a bar with that estimate's ETA on a terminal, a line per load
 * elsewhere); then how long it took against the estimate.
 */
final class BenchConsole implements Bench.Console {
  private final PrintWriter out;
  private final PrintWriter err;
  private final Supplier<History> history;
  private Estimate estimate;
  private boolean timed;

  /** {@code history} the stored runs to estimate from; null for none (a race goes its own way). */
  BenchConsole(PrintWriter out, PrintWriter err, Supplier<History> history) {
    this.out = out;
    this.err = err;
    this.history = history;
  }

  @Override
  public String plan(Scenario scenario, Plan plan, ServerTarget target) throws ScenarioException {
    return PlanText.describe(scenario, plan, target);
  }

  @Override
  public Progress start(Scenario scenario, Plan plan, String shown, boolean resumed) {
    estimate = history == null ? null : Estimate.of(scenario, plan, history.get());
    out.print(shown);
    if (estimate != null) {
      out.print(EstimateText.describe(scenario, plan, estimate));
    }
    out.println();
    out.flush();
    // a resumed run skips the loads it holds, which the estimate's timeline counts
    timed = estimate != null && estimate.none() == null && !resumed;
    return TerminalProgress.choose(out, timed ? new Eta(estimate.timeline()) : null);
  }

  @Override
  public void ended(Scenario scenario, Path runDir) throws IOException {
    if (timed && !scenario.stopping().auto() && estimate.seconds() > 0) {
      out.println(took(runDir, estimate));
    }
  }

  @Override
  public PrintWriter out() {
    return out;
  }

  @Override
  public PrintWriter err() {
    return err;
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
