package org.pgloadbench.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.results.Measurements;
import org.pgloadbench.results.StepKey;
import org.pgloadbench.results.StepResult;

/**
 * The escaped share of a cell's load: the server's written bytes less the throttle's, over the
 * server's, every step summed (so that a CHECKPOINT paying for a COPY's dirty pages cancels them),
 * and the 5% above which nothing measured on that disk is judged.
 */
class EscapedWritesTest {

  private static StepResult step(
      String cell, int round, StepKind kind, long server, Long throttled) {
    return StepResult.ok(
        "r",
        "s",
        new StepKey("17.6", cell, round, "ways", kind, null),
        Map.of(),
        Measurements.timed(1)
            .serverBytes(0L, server)
            .throttled(0L, throttled, 0L, throttled == null ? null : 1L)
            .build());
  }

  @Test
  void whatAStepLeftDirtyAndALaterOneSyncedThroughTheThrottleHasNotEscaped() {
    List<StepResult> steps =
        List.of(
            step("buffered", 1, StepKind.COPY, 100_000_000, 10_000_000L),
            step("buffered", 1, StepKind.CHECKPOINT, 0, 88_000_000L),
            step("capped", 1, StepKind.COPY, 100_000_000, 40_000_000L),
            step("capped", 1, StepKind.CHECKPOINT, 0, 20_000_000L));
    assertThat(EscapedWrites.of(steps, "17.6", "buffered")).isCloseTo(0.02, within(1e-9));
    assertThat(EscapedWrites.judged(EscapedWrites.of(steps, "17.6", "buffered"))).isTrue();
    assertThat(EscapedWrites.of(steps, "17.6", "capped")).isCloseTo(0.40, within(1e-9));
    assertThat(EscapedWrites.judged(0.40)).isFalse();
    assertThat(EscapedWrites.notJudged(0.405))
        .isEqualTo("not judged: 40.5% of the writes escaped the disk limit");
  }

  @Test
  void aServerWhoseDiskWasNotLimitedIsJudged() {
    List<StepResult> steps = List.of(step("free", 1, StepKind.COPY, 100_000_000, null));
    assertThat(EscapedWrites.of(steps, "17.6", "free")).isNaN();
    assertThat(EscapedWrites.judged(Double.NaN)).isTrue();
    assertThat(EscapedWrites.larger(Double.NaN, 0.3)).isEqualTo(0.3);
    assertThat(EscapedWrites.share(0, 0)).isNaN();
    assertThat(EscapedWrites.share(50, 80)).isZero();
  }
}
