package org.pgloadbench.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import java.util.TreeMap;
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

  /** Rounds 1..n of a drifting machine: each round slower than the last, {@code factor} apart. */
  private static Map<Integer, Double> drifting(double start, double factor, int rounds) {
    Map<Integer, Double> byRound = new TreeMap<>();
    for (int r = 1; r <= rounds; r++) {
      // the machine slows 8% a round; a little noise of its own on each load
      byRound.put(r, start * factor * Math.pow(1.08, r) * (1 + 0.01 * Math.sin(r * 7.0)));
    }
    return byRound;
  }

  @Test
  void pairedByRoundAFivePercentSlowdownIsFoundThroughDriftThatHidesItFromMannWhitney() {
    Map<Integer, Double> base = drifting(1.0, 1.0, 8);
    Map<Integer, Double> slower = drifting(1.0, 1.05, 8);
    Comparison paired = Comparison.paired(base, slower);
    assertThat(paired.test()).isEqualTo(Comparison.Test.SIGNED_RANK);
    assertThat(paired.pairs()).isEqualTo(8);
    assertThat(paired.verdict()).isEqualTo(Verdict.HIGHER);
    // every round's pair says "slower": the smallest p 8 pairs can give
    assertThat(paired.pTwoSided()).isCloseTo(2.0 / 256, within(1e-12));
    assertThat(paired.ratio()).isCloseTo(1.05, within(0.01));
    assertThat(paired.ratioLow()).isGreaterThan(1).isLessThanOrEqualTo(paired.ratio());
    assertThat(paired.ratioHigh()).isGreaterThanOrEqualTo(paired.ratio());
    Comparison unpaired =
        Comparison.of(
            base.values().stream().mapToDouble(Double::doubleValue).toArray(),
            slower.values().stream().mapToDouble(Double::doubleValue).toArray());
    assertThat(unpaired.verdict()).isEqualTo(Verdict.NO_DIFFERENCE);
  }

  @Test
  void pairedAgainstAFactorAndOnlyRoundsBothSidesHave() {
    Map<Integer, Double> reference = new TreeMap<>(Map.of(1, 10.0, 2, 11.0, 3, 12.0, 4, 9.0));
    Map<Integer, Double> subject = new TreeMap<>(Map.of(1, 0.5, 2, 0.6, 3, 0.5, 5, 0.1));
    Comparison c = Comparison.paired(reference, subject, 0.1);
    assertThat(c.pairs()).isEqualTo(3);
    assertThat(c.ratio()).isCloseTo(0.05, within(0.01)); // the median of 0.05, 0.0545, 0.0417
    assertThat(c.pLower()).isCloseTo(1 / 8.0, within(1e-12)); // all three below 0.1 ×
    // three pairs are too few for a 95% interval: the lowest and highest ratio instead
    assertThat(c.ratioLow()).isCloseTo(0.5 / 12.0, within(1e-12));
    assertThat(c.ratioHigh()).isCloseTo(0.6 / 11.0, within(1e-12));
  }

  @Test
  void theSmallestPairedP() {
    assertThat(Comparison.smallestPairedP(5)).isEqualTo(0.0625);
    assertThat(Comparison.smallestPairedP(6)).isEqualTo(0.03125);
    assertThat(Comparison.smallestPairedP(1)).isEqualTo(1);
  }
}
