package org.pgloadbench.run;

import java.util.ArrayList;
import java.util.List;
import org.pgloadbench.results.StepResult;

/** What the runner makes of one load's steps: whether it failed, and where. */
final class LoadSteps {
  private LoadSteps() {}

  /** The load's failed last step, with why it failed added to the server's error. */
  static List<StepResult> withCause(List<StepResult> steps, String cause) {
    List<StepResult> marked = new ArrayList<>(steps);
    StepResult last = marked.remove(marked.size() - 1);
    marked.add(last.withError(cause + ": " + last.error()));
    return marked;
  }

  static boolean failed(List<StepResult> steps) {
    return !steps.isEmpty() && !steps.get(steps.size() - 1).ok();
  }

  static String failureNote(List<StepResult> steps) {
    return steps.stream()
        .filter(s -> !s.ok())
        .findFirst()
        .map(
            s ->
                "  FAILED at "
                    + s.table()
                    + " "
                    + s.step()
                    + (s.object() == null ? "" : " " + s.object())
                    + ": "
                    + s.error())
        .orElse("");
  }
}
