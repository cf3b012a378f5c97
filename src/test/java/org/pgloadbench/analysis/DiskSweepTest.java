package org.pgloadbench.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.scenario.Claim;
import org.pgloadbench.scenario.Claim.Relation;
import org.pgloadbench.scenario.Claim.Side;

/**
 * A claim's ratio over a sweep of disks: where it meets the published ratio (log-interpolated),
 * the bandwidths over which its size is as published, and whether the claims' crossings agree.
 */
class DiskSweepTest {
  private static Claim claim(String words, double published, String disk) {
    return new Claim(
        words,
        "src",
        "figures",
        published,
        null,
        "seconds",
        Relation.LESS,
        1,
        new Side("a", null, List.of("ways"), List.of(StepKind.COPY)),
        new Side("b", null, List.of("ways"), List.of(StepKind.COPY)),
        null,
        null,
        disk,
        null);
  }

  /** A held check at {@code ratio}, its interval ±{@code half} of it, escaped share as given. */
  private static ClaimCheck check(Claim claim, double ratio, double half, double escaped) {
    return new ClaimCheck(
        claim,
        "17.6",
        null,
        null,
        ratio,
        ratio * (1 - half),
        ratio * (1 + half),
        0.01,
        0.9,
        Double.NaN,
        Double.NaN,
        ClaimCheck.Verdict.HELD,
        "",
        Comparison.Test.SIGNED_RANK,
        escaped);
  }

  /** The claim at each limit: ratio falling from 1.0 unthrottled to 0.5 at 10 MB/s. */
  private static List<ClaimCheck> sweep(String words, double published, double escapedAtSlowest) {
    List<ClaimCheck> checks = new ArrayList<>();
    checks.add(check(claim(words, published, "io=direct"), 1.0, 0.02, 0));
    checks.add(check(claim(words, published, "write=100MB/s,io=direct"), 0.9, 0.02, 0));
    checks.add(check(claim(words, published, "write=40MB/s,io=direct"), 0.8, 0.02, 0));
    checks.add(
        check(claim(words, published, "write=10MB/s,io=direct"), 0.5, 0.02, escapedAtSlowest));
    return checks;
  }

  @Test
  void theCrossingIsInterpolatedOnLogBandwidthAndTheRangeWidenedBySourceUncertainty() {
    DiskSweep sweep = DiskSweep.of(sweep("freeze", 0.85, 0));
    assertThat(sweep.series()).hasSize(1);
    DiskSweep.Series s = sweep.series().get(0);
    assertThat(s.points()).extracting(DiskSweep.Point::bandwidth)
        .containsExactly(10e6, 40e6, 100e6, Double.POSITIVE_INFINITY);
    // 0.85 is half-way from 0.8 (40 MB/s) to 0.9 (100 MB/s): the geometric mean, 63 MB/s
    assertThat(s.range().crossing()).isCloseTo(Math.sqrt(40e6 * 100e6), within(1e3));
    // widened by ±10% (one run a side): 0.85 lies within [0.8 × 0.98 × 0.9, 0.8 × 1.02 × 1.1]
    // at 40 MB/s and within the 100 MB/s point's too; not at 10 MB/s (up to 0.561)
    assertThat(s.range().from()).isGreaterThan(10e6).isLessThan(40e6);
    assertThat(s.range().to()).isGreaterThanOrEqualTo(100e6);
  }

  @Test
  void aPointWhoseWritesEscapedCountsForNoRange() {
    DiskSweep.Series s = DiskSweep.of(sweep("freeze", 0.5, 0.4)).series().get(0);
    assertThat(s.points().get(0).check().size()).isEqualTo(Size.NOT_JUDGED);
    // 0.5 would cross at 10 MB/s; with that point not judged, nothing measured reaches it
    assertThat(s.range().crossing()).isNaN();
    assertThat(s.range().any()).isFalse();
  }

  @Test
  void crossingsAgreeWithinAFactorOfTwoOfTheirMedian() {
    List<ClaimCheck> close = new ArrayList<>(sweep("one", 0.85, 0));
    close.addAll(sweep("two", 0.82, 0));
    assertThat(DiskSweep.of(close).crossingsAgree()).isTrue();

    // 0.88 crosses near 83 MB/s, 0.55 near 13 MB/s: six times apart
    List<ClaimCheck> apart = new ArrayList<>(sweep("one", 0.88, 0));
    apart.addAll(sweep("two", 0.55, 0));
    DiskSweep far = DiskSweep.of(apart);
    assertThat(far.series()).extracting(x -> x.range().crossing()).doesNotContain(Double.NaN);
    assertThat(far.crossingsAgree()).isFalse();

    assertThat(DiskSweep.of(sweep("alone", 0.85, 0)).crossingsAgree()).isNull();
  }
}
