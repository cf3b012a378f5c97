package org.pgloadbench.dataset;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.pgloadbench.copy.CopyFormat;
import org.pgloadbench.copy.RowEncoder;
import org.pgloadbench.scenario.LoadVariant;

/**
 * Not a test: measures how fast a decoded PBF file streams through each middle format and COPY
 * encoder into a sink that discards the bytes, i.e. the client's side of a timed COPY, to compare
 * with the server's ingest rate in a report. Run after {@code mvn test-compile package}:
 *
 * <pre>
 * java -cp "target/classes:target/test-classes:target/lib/*" org.pgloadbench.dataset.StreamRate \
 *     data/andorra-2023-07-12.osm.pbf
 * </pre>
 */
public final class StreamRate {
  private static final int WARMUP_ROUNDS = 30;

  private StreamRate() {}

  public static void main(String[] args) throws Exception {
    Path cache = Files.createTempDirectory("pgloadbench-stream-rate");
    OsmPbfDataset dataset =
        OsmPbfDataset.prepare(
            Path.of(args[0]), List.of(MiddleTable.values()), cache, System.out::println);
    for (int round = 0; round <= WARMUP_ROUNDS; round++) {
      for (MiddleFormat middle : MiddleFormat.values()) {
        for (CopyFormat format : CopyFormat.values()) {
          StringBuilder line = new StringBuilder(middle.yamlName() + " " + format.sqlName());
          for (Dataset.Table t :
              dataset.tables(
                  LoadVariant.of(
                      Map.of("format", format.sqlName(), "middle_format", middle.yamlName())))) {
            long[] bytes = {0};
            long start = System.nanoTime();
            RowEncoder encoder = format.encoder((b, off, len) -> bytes[0] += len);
            t.rows().writeTo(encoder);
            encoder.finish();
            double seconds = (System.nanoTime() - start) / 1e9;
            line.append(
                String.format(
                    Locale.ROOT,
                    "  %s %,.0f rows/s (%.0f MB/s)",
                    t.def().name(),
                    t.rows().rows() / seconds,
                    bytes[0] / seconds / 1e6));
          }
          if (round == WARMUP_ROUNDS) {
            System.out.println(line);
          }
        }
      }
    }
    try (var paths = Files.walk(cache)) {
      for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
