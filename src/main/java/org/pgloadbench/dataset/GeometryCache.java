package org.pgloadbench.dataset;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.IntStream;

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
 *
 * @param dir where the geometries are derived
 * @param points the points derived, as many as the point table's rows
 * @param lines the lines derived, as many as the line table's rows
 */
record GeometryCache(Path dir, long points, long lines) {
  private static final String DIR = "geometry";
  private static final String COUNTS = "counts.json";
  private static final ObjectMapper JSON = new ObjectMapper();

  /** The geometries of the file decoded in {@code decoded}, derived unless they are there. */
  static GeometryCache of(OsmPbfDataset pbf, Consumer<String> notes) throws IOException {
    Path dir = pbf.dir().resolve(DIR);
    DerivedDir.once(
        dir,
        COUNTS,
        "deriving-",
        partial -> {
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
        });
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
    return file(dir, table);
  }

  private static Path file(Path dir, GeometryTable table) {
    return dir.resolve(table.yamlName() + ".bin");
  }

  /** The record layout of {@code table}'s file. */
  static MiddleTable layout(GeometryTable table) {
    return table == GeometryTable.POINT ? MiddleTable.NODES : MiddleTable.WAYS;
  }

  private static Map<String, Long> derive(OsmPbfDataset pbf, Path into) throws IOException {
    long count = pbf.count(MiddleTable.NODES);
    if (count > Integer.MAX_VALUE - 8) {
      throw new DataFileException(
          "the file has " + count + " nodes, more than a geometry dataset holds in memory");
    }
    long[] ids = new long[(int) count];
    long[] positions = new long[(int) count];
    long points =
        pass(
            pbf,
            MiddleTable.NODES,
            into,
            GeometryTable.POINT,
            (i, node, point) -> {
              ids[(int) i] = node.id;
              positions[(int) i] = GeometryRowWriter.pack(node.lat, node.lon);
              point.id = node.id;
              point.lat = node.lat;
              point.lon = node.lon;
              return node.tagCount > 0;
            });
    sortById(ids, positions);
    long lines =
        pass(
            pbf,
            MiddleTable.WAYS,
            into,
            GeometryTable.LINE,
            (i, way, line) -> {
              line.id = way.id;
              for (int r = 0; r < way.refCount; r++) {
                int at = Arrays.binarySearch(ids, way.refs[r]);
                if (at >= 0) {
                  line.addRef(positions[at]);
                }
              }
              line.refCount = GeometryRowWriter.collapse(line.refs, line.refCount);
              return line.refCount >= 2;
            });
    long ways = pbf.count(MiddleTable.WAYS);
    return Map.of("points", points, "lines", lines, "ways_left_out", ways - lines);
  }

  /** Makes the geometry of object {@code index} into {@code geometry}; true to keep it. */
  private interface Geometry {
    boolean make(long index, OsmObject object, OsmObject geometry);
  }

  /**
   * Goes over every decoded object of {@code objects}, writing the geometries it keeps to {@code
   * table}'s file in {@code into}; returns how many it kept.
   */
  private static long pass(
      OsmPbfDataset pbf, MiddleTable objects, Path into, GeometryTable table, Geometry geometry)
      throws IOException {
    long count = pbf.count(objects);
    long kept = 0;
    OsmObject object = new OsmObject();
    OsmObject made = new OsmObject();
    try (ObjectFile.Reader in =
            new ObjectFile.Reader(PbfDecoder.file(pbf.dir(), objects), objects, 0);
        ObjectFile.Writer out = new ObjectFile.Writer(file(into, table), layout(table))) {
      for (long i = 0; i < count; i++) {
        in.read(object.clear());
        if (geometry.make(i, object, made.clear())) {
          out.write(made);
          kept++;
        }
      }
    }
    return kept;
  }

  /** PBF files hold nodes sorted by id as a rule; a file that does not is sorted here. */
  private static void sortById(long[] ids, long[] positions) {
    if (IntStream.range(1, ids.length).allMatch(i -> ids[i - 1] <= ids[i])) {
      return;
    }
    long[][] nodes =
        IntStream.range(0, ids.length)
            .mapToObj(i -> new long[] {ids[i], positions[i]})
            .sorted(Comparator.comparingLong(node -> node[0]))
            .toArray(long[][]::new);
    for (int i = 0; i < nodes.length; i++) {
      ids[i] = nodes[i][0];
      positions[i] = nodes[i][1];
    }
  }
}
