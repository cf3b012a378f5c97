package org.pgloadbench.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.scenario.Claim;
import org.pgloadbench.scenario.Claim.Relation;
import org.pgloadbench.scenario.Claim.Side;

/**
 * The size verdict: the published ratio against the measured interval widened by the source's
 * uncertainty, on the figures of this morning's ways-binary-freeze run (binary + FREEZE against
 * text at 0.69, 0.67–0.71, published 32 against 57 min).
 */
class SizeTest {
  private static final Side A = new Side("a", null, List.of("ways"), List.of(StepKind.COPY));
  private static final Side B = new Side("b", null, List.of("ways"), List.of(StepKind.COPY));

  private static Claim published(Double ratio, Double spread) {
    return new Claim(
        "a < b",
        "src",
        ratio == null ? null : "figures",
        ratio,
        spread,
        "seconds",
        Relation.LESS,
        1,
        A,
        B,
        null,
        null, null, null);
  }

  @Test
  void aPublishedRatioBeyondTheWidenedIntervalIsSmallerOrLargerHere() {
    // 0.67 × 0.9 = 0.603 > 0.56: the effect is weaker here, the ratio larger
    assertThat(Size.of(published(32.0 / 57, null), 0.69, 0.67, 0.71)).isEqualTo(Size.LARGER);
    // 0.71 × 1.1 = 0.781 < 0.85
    assertThat(Size.of(published(0.85, null), 0.69, 0.67, 0.71)).isEqualTo(Size.SMALLER);
    // 0.70 inside 0.603–0.781
    assertThat(Size.of(published(0.70, null), 0.69, 0.67, 0.71)).isEqualTo(Size.AS_PUBLISHED);
    assertThat(Size.of(published(0.61, null), 0.69, 0.67, 0.71)).isEqualTo(Size.AS_PUBLISHED);
  }

  @Test
  void aSourcesOwnSpreadWidensTheIntervalInThePlaceOfTheSingleRunsTolerance() {
    Claim spread = published(32.0 / 57, 0.2);
    assertThat(spread.seedUncertainty()).isEqualTo(0.2);
    // 0.67 × 0.8 = 0.536 ≤ 0.56
    assertThat(Size.of(spread, 0.69, 0.67, 0.71)).isEqualTo(Size.AS_PUBLISHED);
  }

  @Test
  void withoutAPublishedOrAMeasuredRatioThereIsNone() {
    assertThat(Size.of(published(null, null), 0.69, 0.67, 0.71)).isEqualTo(Size.NONE);
    assertThat(Size.of(published(0.56, null), Double.NaN, Double.NaN, Double.NaN))
        .isEqualTo(Size.NONE);
    // one round: the ratio stands for its interval
    assertThat(Size.of(published(0.56, null), 0.69, Double.NaN, Double.NaN))
        .isEqualTo(Size.LARGER);
  }

  @Test
  void aDecidedSizeIsSettledAnAsPublishedOneOnceItsIntervalIsWithinTheSources() {
    assertThat(Size.settled(published(0.56, null), 0.69, 0.50, 0.71, 0.05)).isFalse();
    assertThat(Size.settled(published(0.56, null), 0.69, 0.67, 0.71, 0.05)).isTrue();
    // as published, the interval ±25%: more rounds could still put 0.70 outside it
    assertThat(Size.settled(published(0.70, null), 0.69, 0.52, 0.86, 0.05)).isFalse();
    // within ±10% of the ratio, as the source's own uncertainty is
    assertThat(Size.settled(published(0.70, null), 0.69, 0.64, 0.75, 0.05)).isTrue();
    assertThat(Size.settled(published(null, null), 0.69, 0.1, 3, 0.05)).isTrue();
  }
}
