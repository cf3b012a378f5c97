package org.pgloadbench.jmh;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Rows and megabytes produced, reported by JMH per second beside the operations: the figures to set
 * against the server's COPY ingest rate (rows/s and MB/s of the same table and format). And {@code
 * cpuSeconds}, reported per second too: the share of a core the benchmark thread was given. On a
 * machine busy with other work the wall-clock rates fall with that share; rows / cpuSeconds, the
 * rows per CPU second, is the figure that compares two builds there.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.OPERATIONS)
public class Throughput {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  public long rows;
  public double megabytes;
  public double cpuSeconds;

  private long iterationCpuStart;

  @Setup(Level.Iteration)
  public void reset() {
    rows = 0;
    megabytes = 0;
    cpuSeconds = 0;
    iterationCpuStart = THREADS.getCurrentThreadCpuTime();
  }

  /** Counts an operation's output; the thread's CPU time so far this iteration comes along. */
  void add(long rows, long bytes) {
    this.rows += rows;
    this.megabytes += bytes / 1e6;
    cpuSeconds = (THREADS.getCurrentThreadCpuTime() - iterationCpuStart) / 1e9;
  }
}
