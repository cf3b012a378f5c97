package org.pgloadbench.render;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class VerdictsTest {
  @Test
  void fivePairedRoundsCanNeverBeSignificant() {
    assertThat(Verdicts.tooFewPairs(5, 1, false))
        .contains("smallest possible p is 0.063")
        .contains("Run at least 6 rounds");
    assertThat(Verdicts.tooFewPairs(6, 1, false)).isEmpty();
  }

  @Test
  void holmsCorrectionRaisesTheRoundsATableNeeds() {
    // three comparisons with a baseline: 3 x 2 / 2^6 = 0.094, 3 x 2 / 2^7 = 0.047
    assertThat(Verdicts.tooFewPairs(6, 3, false))
        .contains("0.094 after Holm's correction over the table's 3 tests")
        .contains("Run at least 7 rounds");
    // 18 one-sided claims: 18 / 2^8 = 0.070, 18 / 2^9 = 0.035
    assertThat(Verdicts.tooFewPairs(8, 18, true)).contains("Run at least 9 rounds (REPEAT=9)");
    assertThat(Verdicts.tooFewPairs(9, 18, true)).isEmpty();
  }
}
