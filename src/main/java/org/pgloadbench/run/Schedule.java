package org.pgloadbench.run;

import org.pgloadbench.scenario.Scenario;

/**
 * How a bench decides its rounds: the scenario's fixed number, {@code repeat: auto}'s looks after
 * each round, or a race's (recommend) dropping the cells that lose.
 */
public interface Schedule {
  /** The scenario as it runs; {@code repeat: auto} runs its rounds before the first look first. */
  default Scenario scenario(Scenario given) {
    return given;
  }

  /** The plan the rounds start from, given the scenario's. */
  Plan plan(Plan scenarios);

  /** Who decides after the plan's rounds, or null: nobody, the run ends with them. */
  RoundPolicy policy(Plan plan);
}
