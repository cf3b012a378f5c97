package org.pgloadbench.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class StartVarianceTest {
  /** {@code starts} starts of {@code rounds} rounds: offsets of sd {@code between}, rounds {@code within}. */
  private static List<List<Double>> simulated(
      int starts, int rounds, double between, double within, long seed) {
    Random random = new Random(seed);
    List<List<Double>> groups = new ArrayList<>();
    for (int s = 0; s < starts; s++) {
      double offset = between * random.nextGaussian();
      List<Double> group = new ArrayList<>();
      for (int r = 0; r < rounds; r++) {
        group.add(offset + within * random.nextGaussian());
      }
      groups.add(group);
    }
    return groups;
  }

  @Test
  void recoversTheSpreadBetweenAndWithinStarts() {
    StartVariance v = StartVariance.of(simulated(400, 4, 0.03, 0.01, 1));
    assertThat(v.starts()).isEqualTo(400);
    assertThat(v.roundsPerStart()).isEqualTo(4);
    assertThat(Math.sqrt(v.between())).isCloseTo(0.03, within(0.003));
    assertThat(Math.sqrt(v.within())).isCloseTo(0.01, within(0.001));
  }

  @Test
  void aBalancedHandCountIsTheAnovaEstimate() {
    // starts' means 0 and 2, each of rounds -1, +1 about its mean: within 2, between (4 - 2) / 2
    StartVariance v = StartVariance.of(List.of(List.of(-1.0, 1.0), List.of(1.0, 3.0)));
    assertThat(v.within()).isCloseTo(2, within(1e-12));
    assertThat(v.between()).isCloseTo(1, within(1e-12));
  }

  @Test
  void oneRoundPerStartLeavesTheComponentsUnknown() {
    StartVariance v = StartVariance.of(List.of(List.of(1.0), List.of(2.0), List.of(1.5)));
    assertThat(v.known()).isFalse();
    assertThat(v.detectable(10, 1)).isNaN();
    assertThat(v.fastest(0.03, 1, 1)).isNull();
  }

  @Test
  void moreStartsDetectLessAndTheCheapestDesignFollowsTheCosts() {
    StartVariance v = new StartVariance(10, 2, 0.02 * 0.02, 0.02 * 0.02);
    assertThat(v.detectable(20, 2)).isLessThan(v.detectable(10, 2));
    assertThat(v.detectable(10, 4)).isLessThan(v.detectable(10, 2));
    StartVariance.Design cheapStarts = v.fastest(0.03, 0.1, 1);
    StartVariance.Design dearStarts = v.fastest(0.03, 20, 1);
    assertThat(cheapStarts.roundsPerStart()).isEqualTo(1);
    assertThat(dearStarts.roundsPerStart()).isGreaterThan(cheapStarts.roundsPerStart());
    for (StartVariance.Design d : List.of(cheapStarts, dearStarts)) {
      assertThat(v.detectable(d.starts(), d.roundsPerStart())).isLessThanOrEqualTo(0.03);
      assertThat(v.detectable(d.starts() - 1, d.roundsPerStart())).isGreaterThan(0.03);
    }
  }

  @Test
  void startMeansGiveWhatTheyCouldDetect() {
    double spread = StartVariance.detectable(List.of(0.01, -0.01, 0.02, -0.02, 0.0));
    // sd 0.0158 over 5: (t 2.776 + t 0.941) x 0.0158 / sqrt(5) = 2.63%
    assertThat(spread).isCloseTo(0.0266, within(0.001));
    assertThat(StartVariance.detectable(List.of(0.01, 0.02))).isNaN();
  }
}
