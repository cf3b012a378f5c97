package org.pgloadbench.jmh;

import java.sql.SQLException;
import java.util.Locale;
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
import org.pgloadbench.copy.CopyFormat;
import org.pgloadbench.copy.RowEncoder;
import org.pgloadbench.dataset.RowSource;

/**
 * What the client does for every row of a COPY: generate it and encode it, in text or binary, into
 * the encoder's buffer, handed whole to a sink that keeps nothing. Its rows/s and MB/s are the
 * ceiling the harness puts on a load; the server must be the slower side by far.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 2, jvmArgsAppend = "-Xmx1g")
@State(Scope.Benchmark)
public class EncodeBenchmark {
  @Param({"nodes", "ways", "rels"})
  public String table;

  @Param({"text", "binary"})
  public String format;

  private RowSource rows;
  private CopyFormat copyFormat;

  @Setup
  public void setup() {
    rows = Rows.synthetic(table);
    copyFormat = CopyFormat.valueOf(format.toUpperCase(Locale.ROOT));
  }

  @Benchmark
  public long generateAndEncode(Throughput throughput) throws SQLException {
    CountingSink sink = new CountingSink();
    RowEncoder encoder = copyFormat.encoder(sink);
    rows.writeTo(encoder);
    encoder.finish();
    throughput.add(rows.rows(), sink.bytes);
    return sink.checksum;
  }
}
