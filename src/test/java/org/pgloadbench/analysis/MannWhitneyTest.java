package org.pgloadbench.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.apache.commons.math3.stat.inference.MannWhitneyUTest;
import org.junit.jupiter.api.Test;

class MannWhitneyTest {

  @Test
  void fullySeparatedSamplesGiveOneOverTheNumberOfSplits() {
    // 3 against 3: C(6, 3) = 20 splits, one of them puts the three lowest in x
    assertThat(MannWhitney.pLower(new double[] {1, 2, 3}, new double[] {4, 5, 6}))
        .isCloseTo(1.0 / 20, within(1e-12));
    // 5 against 5: C(10, 5) = 252
    assertThat(MannWhitney.pLower(new double[] {1, 2, 3, 4, 5}, new double[] {6, 7, 8, 9, 10}))
        .isCloseTo(1.0 / 252, within(1e-12));
  }

  @Test
  void matchesThePublishedTableForFiveAgainstFive() {
    // U = 2 (two x-over-y pairs): P(U <= 2) = (1 + 1 + 2) / 252, the critical value of the
    // two-sided 5% test for n1 = n2 = 5 in the usual tables
    double[] x = {1, 2, 3, 4.5, 5.5};
    double[] y = {4, 6, 7, 8, 9};
    assertThat(MannWhitney.u(x, y)).isEqualTo(2);
    assertThat(MannWhitney.pLower(x, y)).isCloseTo(4.0 / 252, within(1e-12));
  }

  @Test
  void theOppositeDirectionIsNotSignificant() {
    assertThat(MannWhitney.pLower(new double[] {4, 5, 6}, new double[] {1, 2, 3})).isEqualTo(1);
  }

  @Test
  void tiesAcrossTheGroupsAreEnumeratedExactly() {
    // pooled {1, 2, 2, 3}; x = {1, 2}: U = 0.5; of the 6 splits, U <= 0.5 for {1,2} twice
    // (either 2) and nothing else
    double p = MannWhitney.pLower(new double[] {1, 2}, new double[] {2, 3});
    assertThat(p).isCloseTo(2.0 / 6, within(1e-12));
    // all equal: no evidence
    assertThat(MannWhitney.pLower(new double[] {5, 5, 5}, new double[] {5, 5, 5})).isEqualTo(1);
  }

  @Test
  void largeSamplesAgreeWithCommonsMathsAsymptoticTest() {
    Random random = new Random(3);
    double[] x = new double[40];
    double[] y = new double[45];
    for (int i = 0; i < x.length; i++) {
      x[i] = random.nextGaussian();
    }
    for (int i = 0; i < y.length; i++) {
      y[i] = random.nextGaussian() + 0.5;
    }
    double oneSided = MannWhitney.pLower(x, y);
    double twoSided = new MannWhitneyUTest().mannWhitneyUTest(x, y);
    // commons-math applies no continuity correction: agree to within it
    assertThat(2 * oneSided).isCloseTo(twoSided, within(0.005));
    assertThat(oneSided).isLessThan(0.05);
  }

  @Test
  void theRecurrenceAndTheEnumerationAgreeWithoutTies() {
    Random random = new Random(11);
    for (int trial = 0; trial < 20; trial++) {
      double[] x = random.doubles(2 + random.nextInt(5)).toArray();
      double[] y = random.doubles(2 + random.nextInt(5)).toArray();
      double u = MannWhitney.u(x, y);
      assertThat(MannWhitney.enumerated(x, y, u))
          .isCloseTo(MannWhitney.exactNoTies(x.length, y.length, u), within(1e-12));
    }
  }
}
