package org.pgloadbench.cli;

import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.run.Plan;
import org.pgloadbench.run.RoundPolicy;
import org.pgloadbench.scenario.Stopping;

/**
 * Rounds added one at a time after the plan's ({@code repeat: auto}, a race) until the policy is
 * sure, or until the next round would overrun the budget of every server together.
 */
abstract class AddedRounds implements RoundPolicy {
  static final String BUDGET = "budget spent";

  /** The cells the next round loads. */
  final Set<String> cells = new LinkedHashSet<>();

  final Stopping stopping;
  final int minimum;
  final long budgetSeconds;
  private final String rule;
  int done;
  private String stopped;

  AddedRounds(Plan plan, Stopping stopping, String rule) {
    plan.cells().forEach(c -> cells.add(c.label()));
    this.stopping = stopping;
    this.minimum = plan.repeat();
    this.budgetSeconds = stopping.budgetSeconds() * plan.servers().size();
    this.rule = rule;
  }

  /** No more rounds, for {@code why} as the report says it. */
  final Optional<Set<String>> stop(String why) {
    stopped = why;
    return Optional.empty();
  }

  /** In a race, each cell that left it and the round after which it did; else empty. */
  Map<String, Integer> left() {
    return Map.of();
  }

  @Override
  public final RunManifest.Rounds rounds() {
    return new RunManifest.Rounds(
        rule, stopping.precision(), budgetSeconds, minimum, done, stopped, left());
  }
}
