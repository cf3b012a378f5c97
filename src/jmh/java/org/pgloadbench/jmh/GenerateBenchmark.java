package org.pgloadbench.jmh;

import java.sql.SQLException;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.pgloadbench.dataset.RowSource;

/**
 * The synthetic row generators alone, through an encoder that encodes nothing: set against {@link
 * EncodeBenchmark}, it splits a row's client cost into generating and encoding.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 2, jvmArgsAppend = "-Xmx1g")
@State(Scope.Benchmark)
public class GenerateBenchmark {
  @Param({"nodes", "ways", "rels"})
  public String table;

  private RowSource rows;

  @Setup
  public void setup() {
    rows = Rows.synthetic(table);
  }

  @Benchmark
  public long generate(Throughput throughput) throws SQLException {
    DiscardingEncoder encoder = new DiscardingEncoder();
    rows.writeTo(encoder);
    throughput.add(rows.rows(), 0);
    return encoder.checksum;
  }
}
