package org.pgloadbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.pgloadbench.recipe.StepKind;

/** The rule that turns stored steps into one figure per repetition. */
class RepetitionsTest {
  private static StepResult ok(int repetition, String table, String step, double seconds) {
    return TestSteps.ok("17.6", "cell", Map.of(), repetition, table, step, seconds, null);
  }

  @Test
  void sumsTheStepsOfEachRepetition() {
    List<StepResult> steps =
        List.of(
            ok(1, "ways", "copy", 1.0),
            ok(1, "ways", "vacuum", 0.5),
            ok(2, "ways", "copy", 2.0),
            ok(2, "ways", "vacuum", 0.25));
    assertThat(Repetitions.sums(steps, Measurements::seconds)).isEqualTo(Map.of(1, 1.5, 2, 2.25));
  }

  @Test
  void leavesOutARepetitionWithAFailedOrMissingPart() {
    List<StepResult> steps =
        List.of(
            ok(1, "ways", "copy", 1.0),
            ok(1, "ways", "vacuum", 0.5),
            ok(2, "ways", "copy", 2.0),
            StepResult.failed(
                "run",
                "s",
                new StepKey("17.6", "cell", 2, "ways", StepKind.named("vacuum"), null),
                Map.of(),
                Measurements.timed(0.1).build(),
                "x"),
            ok(3, "ways", "copy", 3.0));
    assertThat(Repetitions.sums(steps, Measurements::seconds)).isEqualTo(Map.of(1, 1.5));
  }

  @Test
  void leavesOutARepetitionWithoutTheMeasure() {
    List<StepResult> steps = List.of(ok(1, "ways", "copy", 1.0), ok(2, "ways", "copy", 2.0));
    assertThat(Repetitions.sums(steps, Measurements::walBytes)).isEmpty();
  }

  @Test
  void countsAPartStoredTwiceInARepetitionOnceTheLaterOne() {
    List<StepResult> steps = List.of(ok(1, "ways", "copy", 1.0), ok(1, "ways", "copy", 4.0));
    assertThat(Repetitions.sums(steps, Measurements::seconds)).isEqualTo(Map.of(1, 4.0));
  }
}
