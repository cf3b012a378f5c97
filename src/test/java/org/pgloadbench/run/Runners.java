package org.pgloadbench.run;

import java.io.IOException;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.server.ServerTarget;
import org.pgloadbench.server.WorkRoot;

/** Test helper: runners whose dataset is opened as a run opens it, under the default work root. */
public final class Runners {
  private Runners() {}

  public static Runner of(
      Scenario scenario, ServerTarget target, ResultStore store, Progress progress, String runId)
      throws IOException {
    return new Runner(
        scenario,
        scenario.dataset().open(WorkRoot.defaultLocation(), progress::note),
        target,
        store,
        progress,
        runId);
  }
}
