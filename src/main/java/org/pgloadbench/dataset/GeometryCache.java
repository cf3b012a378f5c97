package org.pgloadbench.dataset;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * The geometries of a decoded PBF file ({@link OsmPbfDataset}), derived once beside it, before any
 * clock starts, as osm2pgsql would build them:
 *
 * <ul>
 *   <li>points: every node with tags (osm2pgsql's point table holds tagged nodes; its style then
 *       keeps those with the keys it knows, which is not applied here), in file order;
 *   <li>lines: every way, its nodes' positions in order, a position equal to the one before dropped
 *       and a node missing from the file skipped; a way left with fewer than two positions is left
 *       out, as osm2pgsql leaves it out. Closed ways are lines too: osm2pgsql would make areas of
 *       many of them, whose GiST entries, bounding boxes, are the same.
 * </ul>
 *
 * <p>Both are {@link ObjectFile}s, so a load streams any slice of them: points as node records
 * without tags, lines as way records whose refs are the packed positions ({@link
 * GeometryRowWriter#pack}). Deriving holds the file's node positions in memory (16 bytes a node).
 */
final class GeometryCache {
  private static final String DIR = "geometry";
  private static final String COUNTS = "counts.json";
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path dir;
  private final long points;
  private final long lines;

  private GeometryCache(Path dir, long points, long lines) {
    this.dir = dir;
    this.points = points;
    this.lines = lines;
  }

  /** The geometries of the file decoded in {@code decoded}, derived unless they are there. */
  static GeometryCache of(OsmPbfDataset pbf, Consumer<String> notes) throws IOException {
    Path decoded = pbf.dir();
    Path dir = decoded.resolve(DIR);
    if (!Files.isRegularFile(dir.resolve(COUNTS))) {
      Path partial = Files.createTempDirectory(decoded, "deriving-");
      try {
        long start = System.nanoTime();
        Map<String, Long> counts = derive(pbf, partial);
        JSON.writeValue(partial.resolve(COUNTS).toFile(), counts);
        notes.accept(
            String.format(
                Locale.ROOT,
                "geometries: %,d tagged nodes as points, %,d ways as lines (%,d ways left out:"
                    + " fewer than two positions) in %.2f s",
                counts.get("points"),
                counts.get("lines"),
                counts.get("ways_left_out"),
                (System.nanoTime() - start) / 1e9));
        try {
          Files.move(partial, dir, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
          if (!Files.isRegularFile(dir.resolve(COUNTS))) {
            throw e; // not another process's complete derivation
          }
        }
      } finally {
        deleteTree(partial);
      }
    }
    Map<?, ?> counts = JSON.readValue(dir.resolve(COUNTS).toFile(), Map.class);
    return new GeometryCache(
        dir,
        ((Number) counts.get("points")).longValue(),
        ((Number) counts.get("lines")).longValue());
  }

  long rows(GeometryTable table) {
    return table == GeometryTable.POINT ? points : lines;
  }

  Path file(GeometryTable table) {
    return dir.resolve(table.yamlName() + ".bin");
  }

  /** The record layout of {@code table}'s file. */
  static MiddleTable layout(GeometryTable table) {
    return table == GeometryTable.POINT ? MiddleTable.NODES : MiddleTable.WAYS;
  }

  private static Map<String, Long> derive(OsmPbfDataset pbf, Path into) throws IOException {
    Path nodes = PbfDecoder.file(pbf.dir(), MiddleTable.NODES);
    long count = pbf.count(MiddleTable.NODES);
    if (count > Integer.MAX_VALUE - 8) {
      throw new DataFileException(
          "the file has " + count + " nodes, more than a geometry dataset holds in memory");
    }
    long[] ids = new long[(int) count];
    long[] positions = new long[(int) count];
    long points = 0;
    OsmObject node = new OsmObject();
    OsmObject point = new OsmObject();
    try (ObjectFile.Reader in = new ObjectFile.Reader(nodes, MiddleTable.NODES, 0);
        ObjectFile.Writer out =
            new ObjectFile.Writer(
                into.resolve("point.bin"), GeometryCache.layout(GeometryTable.POINT))) {
      for (int i = 0; i < count; i++) {
        in.read(node.clear());
        ids[i] = node.id;
        positions[i] = GeometryRowWriter.pack(node.lat, node.lon);
        if (node.tagCount > 0) {
          point.clear();
          point.id = node.id;
          point.lat = node.lat;
          point.lon = node.lon;
          out.write(point);
          points++;
        }
      }
    }
    sortById(ids, positions);

    Path ways = PbfDecoder.file(pbf.dir(), MiddleTable.WAYS);
    long wayCount = pbf.count(MiddleTable.WAYS);
    long lines = 0;
    OsmObject way = new OsmObject();
    OsmObject line = new OsmObject();
    try (ObjectFile.Reader in = new ObjectFile.Reader(ways, MiddleTable.WAYS, 0);
        ObjectFile.Writer out =
            new ObjectFile.Writer(
                into.resolve("line.bin"), GeometryCache.layout(GeometryTable.LINE))) {
      for (long w = 0; w < wayCount; w++) {
        in.read(way.clear());
        line.clear();
        line.id = way.id;
        for (int r = 0; r < way.refCount; r++) {
          int at = Arrays.binarySearch(ids, way.refs[r]);
          if (at >= 0) {
            line.addRef(positions[at]);
          }
        }
        line.refCount = GeometryRowWriter.collapse(line.refs, line.refCount);
        if (line.refCount >= 2) {
          out.write(line);
          lines++;
        }
      }
    }
    return Map.of("points", points, "lines", lines, "ways_left_out", wayCount - lines);
  }

  /** PBF files hold nodes sorted by id as a rule; a file that does not is sorted here. */
  private static void sortById(long[] ids, long[] positions) {
    boolean sorted = true;
    for (int i = 1; i < ids.length && sorted; i++) {
      sorted = ids[i - 1] <= ids[i];
    }
    if (sorted) {
      return;
    }
    int[] order =
        IntStream.range(0, ids.length)
            .boxed()
            .sorted(Comparator.comparingLong(i -> ids[i]))
            .mapToInt(Integer::intValue)
            .toArray();
    long[] sortedIds = new long[ids.length];
    long[] sortedPositions = new long[ids.length];
    for (int i = 0; i < order.length; i++) {
      sortedIds[i] = ids[order[i]];
      sortedPositions[i] = positions[order[i]];
    }
    System.arraycopy(sortedIds, 0, ids, 0, ids.length);
    System.arraycopy(sortedPositions, 0, positions, 0, ids.length);
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
