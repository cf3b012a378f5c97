package org.pgloadbench.overhead;

import java.util.List;

/**
 * What a head-to-head against another program (pgbench, osm2pgsql) gives the overhead report: its
 * setup lines and section, and its failed loads; or why it was skipped.
 */
public record PairResult(List<String> setup, String section, long failed, String skipped) {
  public PairResult {
    setup = List.copyOf(setup);
  }

  public static PairResult skipped(String why) {
    return new PairResult(List.of(), "", 0, why);
  }

  /** A pair left out on purpose ({@code none}): nothing to report, nothing skipped. */
  public static PairResult none() {
    return new PairResult(List.of(), "", 0, null);
  }
}
