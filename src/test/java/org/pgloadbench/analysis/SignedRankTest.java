package org.pgloadbench.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.Random;
import org.apache.commons.math3.stat.inference.WilcoxonSignedRankTest;
import org.junit.jupiter.api.Test;

class SignedRankTest {

  /** Differences whose absolute values rank 1..n, the first {@code positive} of them positive. */
  private static double[] ranked(int n, int... positiveRanks) {
    double[] d = new double[n];
    for (int i = 0; i < n; i++) {
      d[i] = -(i + 1);
    }
    for (int rank : positiveRanks) {
      d[rank - 1] = rank;
    }
    return d;
  }

  @Test
  void matchesPublishedTableValues() {
    // P(W <= w) of the signed-rank statistic, as tabulated (e.g. R's psignrank)
    assertThat(SignedRank.pLower(ranked(5))).isEqualTo(1 / 32.0);
    assertThat(SignedRank.pLower(ranked(6, 2))).isEqualTo(3 / 64.0);
    // n = 10: the two-sided 0.05 critical value is 8, P(W <= 8) = 25/1024
    assertThat(SignedRank.pLower(ranked(10, 8))).isEqualTo(25 / 1024.0);
    assertThat(SignedRank.pLower(ranked(10, 1, 9))).isEqualTo(43 / 1024.0);
    // n = 20: the two-sided 0.05 critical value is 52, P(W <= 52) = 0.0242
    assertThat(SignedRank.pLower(ranked(20, 1, 2, 3, 4, 5, 6, 7, 9, 15)))
        .isCloseTo(0.02422, within(0.00001));
    assertThat(SignedRank.pLower(ranked(8, 1, 2, 3, 4, 5, 6, 7, 8))).isEqualTo(1);
  }

  @Test
  void agreesWithCommonsMathsExactTestWithoutTies() {
    Random random = new Random(7);
    WilcoxonSignedRankTest reference = new WilcoxonSignedRankTest();
    for (int trial = 0; trial < 200; trial++) {
      int n = 5 + random.nextInt(16);
      double[] x = new double[n];
      double[] y = new double[n];
      for (int i = 0; i < n; i++) {
        x[i] = random.nextGaussian();
        y[i] = random.nextGaussian() + 0.5;
      }
      double[] d = new double[n];
      Arrays.setAll(d, i -> x[i] - y[i]);
      double lower = SignedRank.pLower(d);
      double higher = SignedRank.pLower(Arrays.stream(d).map(v -> -v).toArray());
      // commons-math: twice the smaller tail (not capped at 1 there)
      assertThat(Math.min(1, 2 * Math.min(lower, higher)))
          .isCloseTo(Math.min(1, reference.wilcoxonSignedRankTest(x, y, true)), within(1e-9));
    }
  }

  @Test
  void tiesAreCountedExactlyOverEverySigning() {
    double[] d = {1, -1, 2, 2, 3, -0.5, 2};
    assertThat(SignedRank.pLower(d)).isCloseTo(bruteForce(d), within(1e-12));
    double[] zeros = {0, 0, -1, -2, 3};
    // zeros are left out: the same as the three non-zero differences
    assertThat(SignedRank.pLower(zeros)).isEqualTo(SignedRank.pLower(new double[] {-1, -2, 3}));
    assertThat(SignedRank.pLower(new double[] {0, 0})).isEqualTo(1);
  }

  @Test
  void theSmallestPossibleP() {
    assertThat(SignedRank.smallestOneSidedP(5)).isEqualTo(1 / 32.0);
    assertThat(SignedRank.pLower(ranked(5))).isEqualTo(SignedRank.smallestOneSidedP(5));
  }

  /** P(W <= w) by trying all 2^n signings of the average ranks. */
  private static double bruteForce(double[] d) {
    int n = d.length;
    double[] ranks = new double[n];
    for (int i = 0; i < n; i++) {
      double below = 0;
      double equal = 0;
      for (double other : d) {
        below += Math.abs(other) < Math.abs(d[i]) ? 1 : 0;
        equal += Math.abs(other) == Math.abs(d[i]) ? 1 : 0;
      }
      ranks[i] = below + (equal + 1) / 2;
    }
    double observed = 0;
    for (int i = 0; i < n; i++) {
      observed += d[i] > 0 ? ranks[i] : 0;
    }
    int atMost = 0;
    for (int signs = 0; signs < 1 << n; signs++) {
      double w = 0;
      for (int i = 0; i < n; i++) {
        w += (signs >> i & 1) == 1 ? ranks[i] : 0;
      }
      atMost += w <= observed + 1e-9 ? 1 : 0;
    }
    return atMost / Math.pow(2, n);
  }

  @Test
  void criticalValuesOfTheTables() {
    // the largest w with P(W <= w) <= 0.025, as tabulated for two-sided 0.05
    assertThat(SignedRank.lowerCritical(5, 0.025)).isEqualTo(-1); // 1/32 > 0.025
    assertThat(SignedRank.lowerCritical(6, 0.025)).isZero();
    assertThat(SignedRank.lowerCritical(10, 0.025)).isEqualTo(8);
    assertThat(SignedRank.lowerCritical(20, 0.025)).isEqualTo(52);
  }
}
