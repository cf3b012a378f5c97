package org.pgloadbench.results;

import java.util.Map;

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
    return new StepResult(
        "run",
        "scenario",
        version,
        cell,
        axes,
        repetition,
        table,
        step,
        StepResult.OK,
        seconds,
        rows,
        null,
        null,
        null,
        null,
        null,
        null,
        null);
  }
}
