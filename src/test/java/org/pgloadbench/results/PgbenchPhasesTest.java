package org.pgloadbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.pgloadbench.recipe.StepKind;

/** pgbench's line: phases summed over tables, in the order they ran, and the average. */
class PgbenchPhasesTest {
  @Test
  void sumsEachPhaseOverTheTablesInPgbenchsWords() {
    List<StepResult> load =
        List.of(
            ok("pgbench_branches", "drop", 0.001),
            ok("pgbench_branches", "create", 0.004),
            ok("pgbench_branches", "copy", 0.01),
            ok("pgbench_accounts", "drop", 0.002),
            ok("pgbench_accounts", "create", 0.006),
            ok("pgbench_accounts", "copy", 1.98),
            ok("pgbench_accounts", "vacuum_analyze", 0.21),
            ok("pgbench_accounts", "primary_key", 0.62));
    assertThat(PgbenchPhases.line(load))
        .isEqualTo(
            "done in 2.83 s (drop tables 0.00 s, create tables 0.01 s, client-side generate 1.99"
                + " s, vacuum 0.21 s, primary keys 0.62 s).");
    assertThat(PgbenchPhases.average(List.of(2.84, 2.78, 2.97))).isEqualTo("AVG done in 2.863 s");
  }

  @Test
  void aFailedStepIsNamed() {
    List<StepResult> load =
        List.of(
            ok("pgbench_accounts", "create", 0.01),
            StepResult.failed(
                "r",
                "s",
                new StepKey("17.6", "c", 1, "pgbench_accounts", StepKind.named("copy"), null),
                Map.of(),
                Measurements.timed(0.5).build(),
                "boom"));
    assertThat(PgbenchPhases.line(load))
        .isEqualTo(
            "done in 0.51 s (create tables 0.01 s, client-side generate 0.50 s). FAILED at"
                + " pgbench_accounts copy");
  }

  private static StepResult ok(String table, String step, double seconds) {
    return TestSteps.ok("17.6", "c", Map.of(), 1, table, step, seconds, null);
  }
}
