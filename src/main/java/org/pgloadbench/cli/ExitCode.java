package org.pgloadbench.cli;

/**
 * What every command returns, and {@link Main#run} with it; only {@link Main#main} exits.
 */
final class ExitCode {
  /** Everything ran. */
  static final int OK = 0;

  /** A step or a server failed; the results and the report still hold what was measured. */
  static final int FAILED = 1;

  /** A command line or scenario that cannot run, told in one line. */
  static final int USAGE = 2;

  /** A run's control differed from its twin: the machine drifted, no verdict is trusted. */
  static final int DRIFTING = 3;

  /** {@code history --fail-on-change}: the newest runs of a series start a slower segment. */
  static final int SLOWER = 3;

  private ExitCode() {}
}
