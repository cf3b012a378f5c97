package org.pgloadbench.cli;

import java.time.Duration;
import java.util.LinkedHashMap;
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
final class RaceRounds extends AddedRounds {
  static final String ONE_LEFT = "one cell left";
  static final String TIED = "the cells left are equal within ";

  private final Map<String, Integer> left = new LinkedHashMap<>();

  RaceRounds(Plan plan, Stopping stopping) {
    super(plan, stopping, RunManifest.Rounds.RACE);
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
      return stop("nothing measured");
    }
    Race.Look look = Race.look(soFar, version, cells, done - minimum + 1, stopping.precision());
    for (String cell : look.leaving()) {
      if (cells.size() > 1 && cells.remove(cell)) {
        left.put(cell, done);
      }
    }
    if (cells.size() <= 1) {
      return stop(ONE_LEFT);
    }
    if (look.tied()) {
      return stop(TIED + stopping.precisionText());
    }
    if (RoundPolicy.overruns(elapsed, done, budgetSeconds)) {
      return stop(BUDGET);
    }
    return Optional.of(Set.copyOf(cells));
  }

  @Override
  Map<String, Integer> left() {
    return left;
  }
}
