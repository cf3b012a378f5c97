package org.pgloadbench.cli;

import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.pgloadbench.analysis.Answer;
import org.pgloadbench.analysis.Looks;
import org.pgloadbench.analysis.Settling;
import org.pgloadbench.estimate.History;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.results.StoredRun;
import org.pgloadbench.run.Plan;
import org.pgloadbench.run.RoundPolicy;
import org.pgloadbench.run.Schedule;
import org.pgloadbench.run.Shard;
import org.pgloadbench.scenario.Claim;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.scenario.Stopping;

/**
 * {@code repeat: auto}: after the fewest rounds at which a verdict is possible, one more round at a
 * time, every cell on every server, until every comparison of the answer (each cell against the
 * baseline, every claim, its direction and its size) is settled ({@link Settling}), or until the
 * next round would overrun the budget.
 */
final class AutoRounds extends AddedRounds {
  static final String SETTLED = "every comparison settled";

  private final int restartEvery;
  private final Settling settling;

  AutoRounds(Plan plan, Stopping stopping) {
    super(plan, stopping, RunManifest.Rounds.AUTO);
    this.restartEvery = plan.restartEvery();
    this.settling = new Settling(stopping.precision(), minimum);
  }

  /**
   * The fewest rounds before the first look ({@link Looks#minimumRounds}): the comparisons with the
   * baseline are a family per version, the claims one over all versions.
   */
  static int minimum(Scenario scenario) {
    int versions = scenario.servers().versions().size();
    int claims = 0;
    for (Claim claim : scenario.claims()) {
      claims += claim.subject().version() != null ? 1 : versions;
    }
    return Looks.minimumRounds(scenario.cells().size() - 1, claims);
  }

  /** The plan of a scenario; for an auto run, {@link #minimum} rounds to begin with. */
  static Plan plan(Scenario scenario, String base, Shard shard) {
    Plan plan = Plan.of(scenario, base, shard);
    return scenario.stopping().auto() ? plan.withRepeat(minimum(scenario)) : plan;
  }

  /**
   * The scenario's rounds: its fixed number, or {@code repeat: auto}'s, which run {@link #minimum}
   * rounds before the first look (run.json records them as the run's repeat); with {@code restart:
   * auto}, as many per start as the newest of the {@code stored} runs found fastest.
   */
  static Schedule schedule(Scenario scenario, Supplier<History> stored) {
    boolean auto = scenario.stopping().auto();
    return new Schedule(
        given -> auto ? given.withRepeat(minimum(given)) : given,
        plan -> plan.restartingAsStored(scenario, () -> stored.get().runs()),
        plan -> auto ? new AutoRounds(plan, scenario.stopping()) : null);
  }

  @Override
  public Optional<Set<String>> next(int done, StoredRun soFar, Duration elapsed) {
    this.done = done;
    settling.look(Answer.of(soFar), done);
    if (restartEvery > 0 && done % restartEvery != 0) {
      return Optional.of(cells); // a start ends whole: its rounds are one unit of the comparisons
    }
    if (settling.settled()) {
      return stop(SETTLED);
    }
    if (RoundPolicy.overruns(elapsed, done, budgetSeconds)) {
      return stop(BUDGET);
    }
    return Optional.of(cells);
  }

  /** The plan's line for an auto run. */
  static String describe(Plan plan, Stopping stopping) {
    return "  repeat    auto: "
        + plan.repeat()
        + " rounds (the fewest a verdict needs), then one more at a time until every comparison"
        + " with the baseline and every claim has a verdict or is known within "
        + stopping.precisionText()
        + " (a claim also within "
        + new Stopping(true, Settling.margin(stopping.precision()), 0).precisionText()
        + " of its factor, and its size verdict settled), or "
        + Stopping.durationText(stopping.budgetSeconds())
        + " per server ("
        + Stopping.durationText(stopping.budgetSeconds() * plan.servers().size())
        + ") is spent\n";
  }
}
