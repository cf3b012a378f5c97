package org.pgloadbench.report;

import org.pgloadbench.analysis.Answer;
import org.pgloadbench.results.StoredRun;

/**
 * A stored run as the sections of its report, comment and compare.md read it: its results, its
 * setup from {@code run.json}, its versions compared (null for a run over one), and its answer and
 * why each comparison stopped, each worked out once however many sections read them.
 */
public final class ReportedRun {
  private final StoredRun results;
  private final RunSetup setup;
  private final VersionComparison comparison;
  private Answer answer;
  private StopReasons stops;

  public ReportedRun(StoredRun results, VersionComparison comparison) {
    this.results = results;
    this.setup = new RunSetup(results.manifest());
    this.comparison = comparison;
  }

  public StoredRun results() {
    return results;
  }

  RunSetup setup() {
    return setup;
  }

  /** The versions compared; null for a run over one. */
  public VersionComparison comparison() {
    return comparison;
  }

  /** Whether any step was measured: else there is no answer, no timings, no statistics. */
  boolean measured() {
    return !results.versions().isEmpty();
  }

  boolean paired() {
    return results.manifest().paired();
  }

  Answer answer() {
    if (answer == null) {
      answer = Answer.of(results);
    }
    return answer;
  }

  StopReasons stops() {
    if (stops == null) {
      stops = StopReasons.of(results);
    }
    return stops;
  }
}
