package org.pgloadbench.dataset;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import org.pgloadbench.variant.LoadVariant;
import org.pgloadbench.variant.MiddleFormat;

/**
 * The objects of an OSM PBF file, as osm2pgsql writes them to its middle tables: every node, way
 * and relation, in file order, ids as in the file.
 *
 * <p>The file is decoded once, before any clock starts, into {@link ObjectFile}s in a cache
 * directory named by the file's SHA-256 (so a changed file is decoded again, and the same file is
 * decoded once for all runs); each load streams them from there through the cell's middle format
 * and COPY encoder. Memory stays flat whatever the file's size.
 */
public final class OsmPbfDataset implements Dataset {
  /** Rows per table sampled to compute the synthetic generator's shape for the same counts. */
  static final long SYNTHETIC_SAMPLE = 200_000;

  private static final String SHAPE_FILE = "shape.json";

  private final Path dir;
  private final List<MiddleTable> tables;
  private final DataShape shape;

  private OsmPbfDataset(Path dir, List<MiddleTable> tables, DataShape shape) {
    this.dir = dir;
    this.tables = List.copyOf(tables);
    this.shape = shape;
  }

  /**
   * Decodes {@code file} into {@code cacheRoot}, unless it is there already; tells {@code notes}
   * when it decodes, and how fast.
   */
  public static OsmPbfDataset prepare(
      Path file, List<MiddleTable> tables, Path cacheRoot, Consumer<String> notes)
      throws IOException {
    Path dir = cacheRoot.resolve(sha256(file));
    DerivedDir.once(
        dir,
        SHAPE_FILE,
        "decoding-",
        partial -> {
          long start = System.nanoTime();
          DataShape decoded = PbfDecoder.decode(file, partial);
          double seconds = (System.nanoTime() - start) / 1e9;
          DataShape.JSON.writeValue(partial.resolve(SHAPE_FILE).toFile(), decoded);
          notes.accept(
              String.format(
                  Locale.ROOT,
                  "decoded %s: %d nodes, %d ways, %d relations in %.2f s (%.0f objects/s)",
                  file.getFileName(),
                  decoded.nodes(),
                  decoded.ways(),
                  decoded.rels(),
                  seconds,
                  (decoded.nodes() + decoded.ways() + decoded.rels()) / seconds));
        });
    DataShape shape = DataShape.JSON.readValue(dir.resolve(SHAPE_FILE).toFile(), DataShape.class);
    return new OsmPbfDataset(dir, tables, shape);
  }

  @Override
  public List<Table> tables(LoadVariant variant) {
    MiddleFormat format = variant.middleFormat();
    return tables.stream()
        .map(t -> new Table(CachedRows.middle(PbfDecoder.file(dir, t), t, format, count(t))))
        .toList();
  }

  /** Where the file's objects are decoded. */
  Path dir() {
    return dir;
  }

  /** The file's objects of {@code table}. */
  public long count(MiddleTable table) {
    return switch (table) {
      case NODES -> shape.nodes();
      case WAYS -> shape.ways();
      case RELS -> shape.rels();
    };
  }

  /** The file's shape, beside the synthetic generator's for the same object counts. */
  @Override
  public Map<String, Object> shape() {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("file", shape.toJson());
    json.put("synthetic", syntheticShape().toJson());
    return json;
  }

  /** The generator's shape for this file's counts, over at most {@link #SYNTHETIC_SAMPLE} rows. */
  DataShape syntheticShape() {
    Map<String, Long> rows = new LinkedHashMap<>();
    for (MiddleTable t : MiddleTable.values()) {
      rows.put(t.yamlName(), count(t));
    }
    OsmSyntheticDataset synthetic = new OsmSyntheticDataset(rows, 1);
    DataShape.Counter counter = new DataShape.Counter();
    for (MiddleTable t : MiddleTable.values()) {
      synthetic.forEach(t, Math.min(count(t), SYNTHETIC_SAMPLE), o -> counter.add(t, o));
    }
    return counter.shape(shape.nodes(), shape.ways(), shape.rels());
  }

  static String sha256(Path file) throws IOException {
    // 64 KiB reads: transferTo's own buffer is 8 KiB, eight times the calls over a whole extract
    try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      in.transferTo(new DigestOutputStream(OutputStream.nullOutputStream(), digest));
      return HexFormat.of().formatHex(digest.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java has SHA-256", e);
    }
  }

  /** The objects of an OSM PBF file, as osm2pgsql writes them to its middle tables. */
  public record Spec(Path file, List<String> tables) implements Specs.MiddleSpec {
    /** The kind as scenarios name it. */
    public static final String KIND = "osm-pbf";

    public Spec {
      tables = List.copyOf(tables);
    }

    @Override
    public String kind() {
      return KIND;
    }

    /** None: the file's objects, counted when it is decoded. */
    @Override
    public Map<String, Long> rows() {
      return Map.of();
    }

    @Override
    public DatasetSpec scaled(double scale) {
      return this;
    }

    @Override
    public Dataset open(Path workRoot, Consumer<String> notes) throws IOException {
      return prepare(file, Specs.middleTables(tables), Specs.pbfCache(workRoot), notes);
    }
  }
}
