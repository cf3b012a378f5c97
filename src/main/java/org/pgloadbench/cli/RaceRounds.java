package org.pgloadbench.cli;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.pgloadbench.analysis.Looks;
import org.pgloadbench.analysis.Race;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.results.StoredRun;
import org.pgloadbench.run.Plan;
import org.pgloadbench.run.RoundPolicy;
import org.pgloadbench.scenario.Stopping;

/**
 * The race of {@code recommend}: every cell for the fewest rounds at which the first look can drop
 * one, then after each round the cells significantly slower than the best leave ({@link Race}); it
 * ends when one cell is left, when those left are the best's equals within the precision, or before
 * a round that would overrun the budget.
 */
final class RaceRounds implements RoundPolicy {
  static final String ONE_LEFT = "one cell left";
  static final String TIED = "the cells left are equal within ";
  static final String BUDGET = AutoRounds.BUDGET;

  private final Set<String> in = new LinkedHashSet<>();
  private final Map<String, Integer> left = new LinkedHashMap<>();
  private final Stopping stopping;
  private final int minimum;
  private final long budgetSeconds;
  private int done;
  private String stopped;

  RaceRounds(Plan plan, Stopping stopping) {
    plan.cells().forEach(c -> in.add(c.label()));
    this.stopping = stopping;
    this.minimum = plan.repeat();
    this.budgetSeconds = stopping.budgetSeconds() * plan.servers().size();
  }

  /** The fewest rounds at which the one-sided test, Holm over the other cells, can drop one. */
  static int minimum(int cells) {
    return Looks.minimumRounds(0, Math.max(1, cells - 1));
  }

  /** A race's plan: no control (one server races its cells), {@link #minimum} rounds. */
  static Plan plan(Plan plan) {
    return new Plan(
        plan.servers().stream().filter(s -> !s.control()).toList(),
        plan.cells(),
        minimum(plan.cells().size()),
        plan.warmup());
  }

  @Override
  public Optional<Set<String>> next(int done, StoredRun soFar, Duration elapsed) {
    this.done = done;
    String version =
        soFar.versions().stream()
            .filter(v -> !v.endsWith(RunManifest.CONTROL_SUFFIX))
            .findFirst()
            .orElse(null);
    if (version == null) {
      stopped = "nothing measured";
      return Optional.empty();
    }
    Race.Look look = Race.look(soFar, version, in, done - minimum + 1, stopping.precision());
    for (String cell : look.leaving()) {
      if (in.size() > 1 && in.remove(cell)) {
        left.put(cell, done);
      }
    }
    if (in.size() <= 1) {
      stopped = ONE_LEFT;
      return Optional.empty();
    }
    if (look.tied()) {
      stopped = TIED + stopping.precisionText();
      return Optional.empty();
    }
    if (RoundPolicy.overruns(elapsed, done, budgetSeconds)) {
      stopped = BUDGET;
      return Optional.empty();
    }
    return Optional.of(Set.copyOf(in));
  }

  /** The cells still in: the winner, or those that could not be told apart. */
  Set<String> in() {
    return in;
  }

  @Override
  public RunManifest.Rounds rounds() {
    return new RunManifest.Rounds(
        RunManifest.Rounds.RACE, stopping.precision(), budgetSeconds, minimum, done, stopped, left);
  }
}
