package org.pgloadbench.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.pgloadbench.analysis.Comparison.Verdict;

class ComparisonTest {

  @Test
  void aClearSpeedUpWithFiveRepetitionsIsSignificant() {
    Comparison c =
        Comparison.of(
            new double[] {2.0, 2.1, 2.2, 2.05, 2.15}, new double[] {1.4, 1.5, 1.45, 1.6, 1.55});
    assertThat(c.verdict()).isEqualTo(Verdict.LOWER);
    assertThat(c.ratio()).isCloseTo(1.5 / 2.1, within(1e-12));
    assertThat(c.pLower()).isCloseTo(1.0 / 252, within(1e-12));
    assertThat(c.pTwoSided()).isCloseTo(2.0 / 252, within(1e-12));
    assertThat(c.pHigher()).isEqualTo(1);
  }

  @Test
  void aSlowDownIsHigher() {
    Comparison c = Comparison.of(new double[] {1, 1.1, 1.2, 1.3}, new double[] {2, 2.1, 2.2, 2.3});
    assertThat(c.verdict()).isEqualTo(Verdict.HIGHER);
    assertThat(c.pTwoSided()).isCloseTo(2.0 / 70, within(1e-12));
  }

  @Test
  void overlappingSamplesAreNoDifference() {
    Comparison c =
        Comparison.of(
            new double[] {1.0, 1.2, 0.9, 1.1, 1.05}, new double[] {1.02, 0.95, 1.15, 1.1, 1.0});
    assertThat(c.verdict()).isEqualTo(Verdict.NO_DIFFERENCE);
    assertThat(c.pTwoSided()).isGreaterThan(Comparison.ALPHA);
  }

  @Test
  void threeAgainstThreeCanNeverBeSignificantTwoSided() {
    Comparison c = Comparison.of(new double[] {4, 5, 6}, new double[] {1, 2, 3});
    assertThat(c.pTwoSided()).isCloseTo(0.1, within(1e-12));
    assertThat(c.verdict()).isEqualTo(Verdict.NO_DIFFERENCE);
    assertThat(c.pLower()).isCloseTo(0.05, within(1e-12));
    assertThat(Comparison.smallestTwoSidedP(3, 3)).isCloseTo(0.1, within(1e-12));
    assertThat(Comparison.smallestTwoSidedP(4, 4)).isLessThan(Comparison.ALPHA);
  }

  @Test
  void fewerThanThreeRepetitionsGiveNoVerdict() {
    Comparison c = Comparison.of(new double[] {10, 11}, new double[] {1, 2, 3, 4});
    assertThat(c.verdict()).isEqualTo(Verdict.TOO_FEW);
  }

  @Test
  void aZeroBaseHasNoRatio() {
    assertThat(Comparison.of(new double[] {0, 0, 0}, new double[] {1, 1, 1}).ratio()).isNaN();
  }
}
