package org.pgloadbench.dataset;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.pgloadbench.copy.CopyFormat;
import org.pgloadbench.copy.RowEncoder;
import org.pgloadbench.variant.MiddleFormat;

/**
 * A child JVM's work for {@link FlatMemoryTest}: generates and encodes {@code rows} rows of every
 * middle table in both formats into a sink that keeps nothing, then prints its peak resident set
 * size (VmHWM, kB) and a checksum of the bytes.
 */
public final class StreamRowsMain {
  private StreamRowsMain() {}

  public static void main(String[] args) throws Exception {
    long rows = Long.parseLong(args[0]);
    OsmSyntheticDataset data =
        new OsmSyntheticDataset(Map.of("nodes", rows, "ways", rows, "rels", rows), 42);
    long[] bytes = {0};
    for (MiddleFormat middle : MiddleFormat.values()) {
      for (MiddleTable table : MiddleTable.values()) {
        for (CopyFormat format : CopyFormat.values()) {
          RowEncoder encoder = format.encoder((buffer, offset, length) -> bytes[0] += length);
          data.source(table, middle).writeTo(encoder);
          encoder.finish();
        }
      }
    }
    String hwm =
        Files.readAllLines(Path.of("/proc/self/status")).stream()
            .filter(l -> l.startsWith("VmHWM:"))
            .findFirst()
            .orElseThrow()
            .replaceAll("[^0-9]", "");
    System.out.println("VmHWM " + hwm + " bytes " + bytes[0]);
  }
}
