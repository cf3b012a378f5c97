package org.pgloadbench.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.results.StoredRun;
import org.pgloadbench.results.TestSteps;

/** The answer of runs whose per-round totals are chosen, paired by round. */
class AnswerTest {
  private static final Map<String, String> NOW = Map.of("format", "text", "pk", "now");
  private static final Map<String, String> LATER = Map.of("format", "text", "pk", "later");
  private static final Map<String, String> BINARY = Map.of("format", "binary", "pk", "later");

  /** A run of three cells over 8 rounds, each cell's copy {@code factor} × a drifting base. */
  private static StoredRun run(String baseline, double later, double binary) {
    List<StepResult> steps = new ArrayList<>();
    for (int round = 1; round <= 8; round++) {
      double drift = 1 + 0.3 * Math.sin(round); // the machine: every cell alike within a round
      double noise = 1 + 0.01 * (round % 3);
      steps.add(TestSteps.ok("17.6", "binary", BINARY, round, "t", "copy", binary * drift, 10L));
      steps.add(TestSteps.ok("17.6", "now", NOW, round, "t", "copy", 2 * drift * noise, 10L));
      steps.add(TestSteps.ok("17.6", "later", LATER, round, "t", "copy", later * drift, 10L));
    }
    RunManifest.Resolved scenario =
        new RunManifest.Resolved(
            "s",
            null,
            null,
            null,
            null,
            null,
            8,
            0,
            List.of("format", "pk"),
            List.of(
                new RunManifest.CellRun("binary", BINARY, "defaults"),
                new RunManifest.CellRun("now", NOW, "defaults"),
                new RunManifest.CellRun("later", LATER, "defaults")),
            List.of(),
            List.of(),
            baseline, null);
    return StoredRun.of(
        Path.of("results/s/1"),
        new RunManifest("1", scenario, null, List.of(), null, RunManifest.ROUNDS, null, null, null, null, null, null),
        steps);
  }

  @Test
  void theBaselineIsTheNamedCellElseTheOneWithEveryAxisAtItsDefaultElseTheFirst() {
    assertThat(Answer.of(run(null, 1, 1.5)).baseline()).isEqualTo("now");
    assertThat(Answer.of(run("later", 1, 1.5)).baseline()).isEqualTo("later");
    assertThat(Answer.of(run("gone", 1, 1.5)).baseline()).isEqualTo("now");
  }

  @Test
  void aClearlyFastestCellIsNamedAloneWithItsRatioAndInterval() {
    Answer answer = Answer.of(run(null, 1.0, 1.5));
    Answer.Table table = answer.tables().get(0);
    assertThat(table.fastest()).containsExactly("later");
    assertThat(table.clearWinner()).isTrue();
    Comparison later = table.row("later").comparison();
    // 8 pairs all lower: two-sided p 2/256, Holm over the table's two comparisons: 4/256
    assertThat(later.verdict()).isEqualTo(Comparison.Verdict.LOWER);
    assertThat(later.pAdjusted()).isEqualTo(2 * later.pTwoSided());
    assertThat(later.ratio()).isBetween(0.49, 0.51);
    assertThat(later.ratioLow()).isLessThanOrEqualTo(later.ratio());
    assertThat(later.ratioHigh()).isGreaterThanOrEqualTo(later.ratio());
    assertThat(table.row("now").comparison()).isNull();
  }

  @Test
  void cellsThatCannotBeToldApartFromTheFastestAreNamedWithIt() {
    // binary and later alike (each round's ratio 1), now clearly slower
    Answer.Table table = Answer.of(run(null, 1.0, 1.0)).tables().get(0);
    assertThat(table.fastest()).containsExactlyInAnyOrder("binary", "later");
    assertThat(table.clearWinner()).isFalse();
    assertThat(table.againstFastest().get("now").verdict()).isEqualTo(Comparison.Verdict.HIGHER);
  }
}
