package org.pgloadbench.report;

import java.util.Map;
import org.pgloadbench.analysis.Settling;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.results.StoredRun;
import org.pgloadbench.scenario.Stopping;

/**
 * Why each comparison of a {@code repeat: auto} run stopped, replayed from its stored rounds: the
 * answer's and the claims' "stopped" column. Shown only for such a run.
 *
 * @param stops by {@link Settling#key}; null for a run that did not go on until it was sure
 */
record StopReasons(RunManifest.Rounds rounds, Map<String, Settling.Status> stops) {
  /** For checks shown without their run's rounds: no "stopped" column. */
  static final StopReasons NONE = new StopReasons(null, null);

  static StopReasons of(StoredRun results) {
    RunManifest.Rounds rounds = results.manifest().rounds();
    return new StopReasons(
        rounds,
        rounds != null && RunManifest.Rounds.AUTO.equals(rounds.rule()) && rounds.minimum() != null
            ? Settling.replay(results, rounds.precision(), rounds.minimum())
            : null);
  }

  /** Whether the tables have a "stopped" column. */
  boolean shown() {
    return stops != null;
  }

  /** Why the comparison under {@code key} stopped, or a dash. */
  String of(String key) {
    return text(stops.get(key));
  }

  String text(Settling.Status status) {
    if (status == null) {
      return "–";
    }
    return switch (status.reason()) {
      case VERDICT -> "verdict, round " + status.round();
      case PRECISION ->
          "within "
              + new Stopping(true, rounds.precision(), 0).precisionText()
              + ", round "
              + status.round();
      case FACTOR ->
          "on its factor (within "
              + new Stopping(true, Settling.margin(rounds.precision()), 0).precisionText()
              + "), round "
              + status.round();
      case SIZE_OPEN -> "open (size): " + Markdown.text(String.valueOf(rounds.stopped()));
      case OPEN -> "open: " + Markdown.text(String.valueOf(rounds.stopped()));
    };
  }
}
