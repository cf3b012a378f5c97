package org.pgloadbench.estimate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.pgloadbench.run.Plan;
import org.pgloadbench.scenario.Scenario;

/** The progress bar's ETA over the timeline of an estimate from a stored run (22 s, 24 loads). */
class EtaTest {
  @Test
  void startsFromTheEstimateAndFollowsTheRunsPaceAgainstIt() throws Exception {
    Scenario scenario = EstimateTest.waysBinaryFreeze("16,17", "0.02");
    Plan plan = EstimateTest.withoutControl(scenario);
    double[] timeline =
        Estimate.of(scenario, plan, History.of(EstimateTest.STORED, scenario)).timeline();
    double total = timeline[24];
    Eta eta = new Eta(timeline);

    // before any load: the estimate, counting down
    assertThat(eta.remaining(0, 0, 0)).isCloseTo(total, within(1e-9));
    assertThat(timeline[1]).isGreaterThan(1);
    assertThat(eta.remaining(0, 0, 1)).isCloseTo(total - 1, within(1e-9));
    // twelve loads in, at the estimate's pace: what the estimate has left
    assertThat(eta.remaining(12, timeline[12], timeline[12]))
        .isCloseTo(total - timeline[12], within(1e-9));
    // twice as slow so far: the rest is expected twice as slow too
    assertThat(eta.remaining(12, 2 * timeline[12], 2 * timeline[12]))
        .isCloseTo(2 * (total - timeline[12]), within(1e-9));
    // a load running long counts down to the loads after it, not below
    assertThat(eta.remaining(12, timeline[12], timeline[12] + 1000))
        .isCloseTo(total - timeline[13], within(1e-9));
    // after the last load: nothing
    assertThat(eta.remaining(24, total, total + 3)).isZero();
    // repeat: auto adds loads: each as long as a planned one on average
    eta.more(24);
    assertThat(eta.remaining(24, total, total)).isCloseTo(total - timeline[0], within(1e-9));
  }
}
