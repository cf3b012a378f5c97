package org.pgloadbench.run;

import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.results.StoredRun;

/**
 * Whether a run goes on after its plan's rounds, and with which cells: {@code repeat: auto} adds
 * rounds until its answer is sure, a race drops the cells that lose. The runner asks after each
 * round from the plan's last on, between rounds, never inside a timed load.
 */
public interface RoundPolicy {
  /**
   * The cells (labels) the next round loads, or empty to stop.
   *
   * @param done the rounds run so far
   * @param soFar the run as stored after them
   * @param elapsed the time since the first round began
   */
  Optional<Set<String>> next(int done, StoredRun soFar, Duration elapsed);

  /** What run.json records of the decision, as it stands. */
  RunManifest.Rounds rounds();

  /**
   * Whether one more round would overrun {@code budgetSeconds}, rounds taking about as long as the
   * {@code done} ones before did: a policy stops before such a round.
   */
  static boolean overruns(Duration elapsed, int done, long budgetSeconds) {
    double seconds = elapsed.toMillis() / 1000.0;
    return seconds + seconds / Math.max(1, done) > budgetSeconds;
  }
}
