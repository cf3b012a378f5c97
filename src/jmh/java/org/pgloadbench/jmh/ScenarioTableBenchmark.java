package org.pgloadbench.jmh;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Map;
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
import org.pgloadbench.dataset.MiddleTable;
import org.pgloadbench.dataset.RowSource;
import org.pgloadbench.scenario.Axis;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.scenario.ScenarioFiles;
import org.pgloadbench.scenario.ScenarioLoader;

/**
 * Generate and encode the rows of any table of any shipped scenario, exactly as its load streams
 * them: every dataset kind (osm synthetic in either middle format, pgbench, int arrays, points, a
 * PBF file: {@code osm-real}'s decoding happens once, in the setup) is covered by naming {@code
 * scenario:table}, without a benchmark per kind. Each operation writes a slice of about {@link
 * #ROWS_PER_OPERATION} rows. Run from the project directory (it reads {@code scenarios/}); add
 * tables with {@code -p table=pgbench-init:pgbench_accounts,...}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 2, jvmArgsAppend = "-Xmx1g")
@State(Scope.Benchmark)
public class ScenarioTableBenchmark {
  static final long ROWS_PER_OPERATION = 20_000;

  /** {@code scenario:table}, the table by its full or short name (planet_osm_ways or ways). */
  @Param({
    "osm-real:planet_osm_nodes",
    "osm-real:planet_osm_ways",
    "osm-real:planet_osm_rels",
    "pgbench-init:pgbench_accounts",
    "gin-fastupdate:int_arrays",
    "gist-build-versions:points"
  })
  public String table;

  @Param({"text", "binary"})
  public String format;

  /** osm2pgsql's middle format, for the osm datasets: new (jsonb) or legacy (text[]). */
  @Param({"new", "legacy"})
  public String middleFormat;

  private RowSource rows;
  private CopyFormat copyFormat;

  @Setup
  public void setup() throws Exception {
    int colon = table.indexOf(':');
    String scenarioName = table.substring(0, colon);
    String tableName = table.substring(colon + 1);
    Scenario scenario =
        ScenarioLoader.load(ScenarioFiles.resolve(scenarioName, Path.of("scenarios")));
    Path cache = Files.createTempDirectory("pgloadbench-jmh");
    RowSource all =
        scenario
            .dataset()
            .open(cache, note -> {})
            .tables(Axis.variant(Map.of("middle_format", middleFormat)))
            .stream()
            .filter(t -> MiddleTable.names(tableName, t.def().name()))
            .findFirst()
            .orElseThrow(
                () -> new IllegalArgumentException(scenarioName + " loads no table " + tableName))
            .rows();
    int parts = (int) Math.max(1, Math.min(Integer.MAX_VALUE, all.rows() / ROWS_PER_OPERATION));
    rows = all.slice(0, parts);
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
