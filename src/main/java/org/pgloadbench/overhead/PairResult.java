package org.pgloadbench.overhead;

import java.util.List;
import org.pgloadbench.render.Section;
import org.pgloadbench.results.StoredRun;

/**
 * What a head-to-head against another program (pgbench, osm2pgsql) tells the overhead report beside
 * the loads it stored: its setup lines and how its section reads the stored run; or why it was
 * skipped.
 */
public record PairResult(List<String> setup, Section<StoredRun> section, String skipped) {
  private static final Section<StoredRun> NOTHING = (run, page) -> {};

  public PairResult {
    setup = List.copyOf(setup);
  }

  public static PairResult skipped(String why) {
    return new PairResult(List.of(), NOTHING, why);
  }

  /** A pair left out on purpose ({@code none}): nothing to report, nothing skipped. */
  public static PairResult none() {
    return new PairResult(List.of(), NOTHING, null);
  }
}
