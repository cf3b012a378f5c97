package org.pgloadbench.results;

import java.util.Map;
import org.pgloadbench.recipe.StepKind;

/** Stored steps for tests of what is computed from them. */
public final class TestSteps {
  private TestSteps() {}

  /** A step that went well, with only its time and (for a COPY) its row count. */
  public static StepResult ok(
      String version,
      String cell,
      Map<String, String> axes,
      int repetition,
      String table,
      String step,
      double seconds,
      Long rows) {
    return StepResult.ok(
        "run",
        "scenario",
        new StepKey(version, cell, repetition, table, StepKind.named(step), null),
        axes,
        Measurements.timed(seconds).rows(rows).build());
  }

  /** A step that failed after {@code seconds}, with {@code error}. */
  public static StepResult failed(
      String version, String cell, int repetition, String table, String step, String error) {
    return StepResult.failed(
        "run",
        "scenario",
        new StepKey(version, cell, repetition, table, StepKind.named(step), null),
        Map.of(),
        Measurements.timed(0.1).build(),
        error);
  }
}
