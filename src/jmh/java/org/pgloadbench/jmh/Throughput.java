package org.pgloadbench.jmh;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Rows and megabytes produced, reported by JMH per second beside the operations: the figures to set
 * against the server's COPY ingest rate (rows/s and MB/s of the same table and format).
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.OPERATIONS)
public class Throughput {
  public long rows;
  public double megabytes;

  @Setup(Level.Iteration)
  public void reset() {
    rows = 0;
    megabytes = 0;
  }

  void add(long rows, long bytes) {
    this.rows += rows;
    this.megabytes += bytes / 1e6;
  }
}
