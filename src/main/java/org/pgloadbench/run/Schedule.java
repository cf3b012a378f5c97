package org.pgloadbench.run;

import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.pgloadbench.scenario.Scenario;

/**
 * How a bench decides its rounds: the scenario's fixed number, {@code repeat: auto}'s looks after
 * each round, or a race's (recommend) dropping the cells that lose.
 *
 * @param scenario the scenario as it runs; {@code repeat: auto} runs its rounds before the first
 *     look first
 * @param plan the plan the rounds start from, given the scenario's
 * @param policy who decides after the plan's rounds, or null: nobody, the run ends with them
 */
public record Schedule(
    UnaryOperator<Scenario> scenario,
    UnaryOperator<Plan> plan,
    Function<Plan, RoundPolicy> policy) {}
