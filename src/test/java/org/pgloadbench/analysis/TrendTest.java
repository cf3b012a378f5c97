package org.pgloadbench.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class TrendTest {

  @Test
  void exactValuesOfKendallsTable() {
    // n = 5 in order: S = 10, the largest, reached by 1 ordering of 120 either way
    assertThat(Trend.of(List.of(1.0, 2.0, 3.0, 4.0, 5.0)).p()).isCloseTo(2 / 120.0, within(1e-12));
    assertThat(Trend.of(List.of(1.0, 2.0, 3.0, 4.0, 5.0)).tau()).isEqualTo(1);
    assertThat(Trend.of(List.of(5.0, 4.0, 3.0, 2.0, 1.0)).tau()).isEqualTo(-1);
    // n = 4 can never be significant: 2/24
    assertThat(Trend.of(List.of(1.0, 2.0, 3.0, 4.0)).significant()).isFalse();
    assertThat(Trend.of(List.of(1.0, 2.0)).p()).isEqualTo(1);
  }

  @Test
  void agreesWithEveryOrderingCounted() {
    Random random = new Random(3);
    for (int trial = 0; trial < 30; trial++) {
      int n = 3 + random.nextInt(5);
      List<Double> values = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        values.add(random.nextDouble());
      }
      assertThat(Trend.of(values).p()).isCloseTo(bruteForce(values), within(1e-12));
    }
  }

  @Test
  void aServerSlowingLoadAfterLoadIsFlaggedNoiseIsNot() {
    List<Double> slowing = new ArrayList<>();
    List<Double> noise = new ArrayList<>();
    Random random = new Random(11);
    for (int i = 0; i < 10; i++) {
      slowing.add(1.0 + 0.05 * i + 0.01 * random.nextGaussian());
      noise.add(1.0 + 0.05 * random.nextGaussian());
    }
    assertThat(Trend.of(slowing).significant()).isTrue();
    assertThat(Trend.of(slowing).tau()).isPositive();
    assertThat(Trend.of(noise).p()).isGreaterThan(0.05);
  }

  /** P(|S| >= |s|) over all n! orderings of the values. */
  private static double bruteForce(List<Double> values) {
    int n = values.size();
    int observed = Math.abs(s(values));
    int[] count = {0, 0};
    permute(new ArrayList<>(values), 0, observed, count);
    return count[0] / (double) count[1];
  }

  private static void permute(List<Double> v, int k, int observed, int[] count) {
    if (k == v.size()) {
      count[1]++;
      count[0] += Math.abs(s(v)) >= observed ? 1 : 0;
      return;
    }
    for (int i = k; i < v.size(); i++) {
      java.util.Collections.swap(v, k, i);
      permute(v, k + 1, observed, count);
      java.util.Collections.swap(v, k, i);
    }
  }

  private static int s(List<Double> v) {
    int s = 0;
    for (int i = 0; i < v.size(); i++) {
      for (int j = i + 1; j < v.size(); j++) {
        s += Integer.signum(Double.compare(v.get(j), v.get(i)));
      }
    }
    return s;
  }
}
