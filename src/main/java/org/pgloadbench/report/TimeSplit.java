package org.pgloadbench.report;

/**
 * Where one step's wall time went, by the rule docs/reports-and-compare.md states: the server's and
 * the client's CPU time, the rest (no process of the load on a CPU: waiting for the disk, a lock,
 * an fsync), and in one word what bound the step.
 *
 * @param wall seconds
 * @param serverCpu the server's CPU seconds, user and system, or NaN where not measured
 * @param clientCpu the harness's CPU seconds, or NaN
 * @param readBytes bytes the server read from storage, or NaN
 * @param writtenBytes bytes the server handed over to write to storage, or NaN
 * @param throttleSeconds on a server whose disk is limited: the least time the I/O its throttle let
 *     through takes at the limit (bytes or operations each way over its rate, the largest); NaN for
 *     a server whose disk is not limited
 */
record TimeSplit(
    double wall,
    double serverCpu,
    double clientCpu,
    double readBytes,
    double writtenBytes,
    double throttleSeconds) {
  /** Shorter steps cannot be judged: the operating system counts CPU time in 10 ms ticks. */
  static final double SHORTEST = 0.05;

  /** CPU-bound when the CPUs worked at least this share of the wall time. */
  static final double BUSY = 0.5;

  /** Disk-bound when the server moved at least this many bytes per second of the rest. */
  static final double DISK_BYTES_PER_SECOND = 10 * 1024 * 1024;

  static final String CPU_BOUND = "CPU-bound";
  static final String DISK_BOUND = "disk-bound";
  static final String WAITING = "waiting";
  static final String THROTTLED = "throttled";

  /**
   * The wall time no CPU time accounts for, at least 0: with processes at work side by side (the
   * client beside the server, parallel workers) CPU seconds can exceed the wall.
   */
  double rest() {
    double cpu =
        (Double.isNaN(serverCpu) ? 0 : serverCpu) + (Double.isNaN(clientCpu) ? 0 : clientCpu);
    return Math.max(0, wall - cpu);
  }

  /** The word for the step, or null when the figures cannot tell (too short, not measured). */
  String bound() {
    if (wall < SHORTEST || Double.isNaN(serverCpu)) {
      return null;
    }
    double cpu = serverCpu + (Double.isNaN(clientCpu) ? 0 : clientCpu);
    if (cpu >= BUSY * wall) {
      return CPU_BOUND;
    }
    if (!Double.isNaN(throttleSeconds) && throttleSeconds >= BUSY * rest()) {
      return THROTTLED;
    }
    double moved =
        (Double.isNaN(readBytes) ? 0 : readBytes) + (Double.isNaN(writtenBytes) ? 0 : writtenBytes);
    return moved >= DISK_BYTES_PER_SECOND * rest() ? DISK_BOUND : WAITING;
  }

  /** The rule, as the report's notes and docs/reports-and-compare.md state it. */
  static String rule() {
    return "*CPU-bound* when the server's and the harness's CPU time together cover at least half"
        + " the wall time; else *disk-bound* when the server read and wrote at least 10 MB per"
        + " second of the rest; else *waiting* (locks, fsync latency, the other side of the"
        + " connection, or, on a machine shared with other work, a CPU that work held). Steps"
        + " under 0.05 s get no word: the operating system counts CPU time in 10 ms ticks.";
  }

  /** The rule's word for a server whose disk is limited, said where a run had one. */
  static String throttledRule() {
    return "On a server whose disk is limited, a step that is not CPU-bound is *throttled* when"
        + " the I/O its throttle let through needs at least half the rest at the limit (bytes"
        + " or operations each way over that way's rate): it waited on the throttle.";
  }
}
