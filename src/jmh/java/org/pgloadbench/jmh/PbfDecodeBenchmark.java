package org.pgloadbench.jmh;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.pgloadbench.dataset.MiddleTable;
import org.pgloadbench.dataset.OsmPbfDataset;

/**
 * Decoding an OSM PBF file into the harness's object cache, as a run does once before its clock
 * starts: objects (nodes + ways + relations) per second and MB of PBF per second. Each operation
 * decodes into a fresh cache directory, removed after the iteration.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(value = 2, jvmArgsAppend = "-Xmx1g")
@State(Scope.Benchmark)
public class PbfDecodeBenchmark {
  @Param({"data/liechtenstein-2013-08-03.osm.pbf", "data/andorra-2023-07-12.osm.pbf"})
  public String file;

  private Path pbf;
  private long pbfBytes;
  private Path caches;
  private int next;

  @Setup
  public void setup() throws IOException {
    pbf = Path.of(file);
    pbfBytes = Files.size(pbf);
  }

  @Setup(Level.Iteration)
  public void freshCaches() throws IOException {
    caches = Files.createTempDirectory("pgloadbench-jmh-pbf");
  }

  @TearDown(Level.Iteration)
  public void removeCaches() throws IOException {
    try (Stream<Path> paths = Files.walk(caches)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }

  @Benchmark
  public Object decode(Throughput throughput) throws Exception {
    OsmPbfDataset dataset =
        OsmPbfDataset.prepare(
            pbf, List.of(MiddleTable.values()), caches.resolve("c" + next++), note -> {});
    @SuppressWarnings("unchecked")
    Map<String, Object> shape = (Map<String, Object>) dataset.shape().get("file");
    long objects =
        ((Number) shape.get("nodes")).longValue()
            + ((Number) shape.get("ways")).longValue()
            + ((Number) shape.get("rels")).longValue();
    throughput.add(objects, pbfBytes);
    return dataset;
  }
}
