package org.pgloadbench.metrics;

import java.lang.management.ManagementFactory;

/**
 * The CPU time the harness's own process has used: every thread that generates, encodes and sends
 * rows (the parallel COPY workers included, even after they ended), and what the JVM spends for
 * them (garbage collection, compilation). Read by whoever owns the clock, before and after a step,
 * so that every timed step says how much of the machine the client took beside its wall time.
 */
public final class ClientCpu {
  private static final com.sun.management.OperatingSystemMXBean OS =
      ManagementFactory.getOperatingSystemMXBean()
              instanceof com.sun.management.OperatingSystemMXBean bean
          ? bean
          : null;

  private ClientCpu() {}

  /** CPU nanoseconds used by this process so far, or -1 where the JVM cannot tell. */
  public static long nanos() {
    return OS == null ? -1 : OS.getProcessCpuTime();
  }

  /** Seconds between two readings of {@link #nanos}, or null when either is unknown. */
  public static Double seconds(long before, long after) {
    return before < 0 || after < 0 ? null : (after - before) / 1e9;
  }
}
