package org.pgloadbench.dataset;

import crosby.binary.BinaryParser;
import crosby.binary.Osmformat;
import crosby.binary.file.BlockInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * Reads an OSM PBF file (with osmpbf's block parser) into one {@link ObjectFile} per middle table,
 * in file order, counting the data's shape on the way. One block of the file is in memory at a
 * time.
 *
 * <p>Positions are converted as osmium (and so osm2pgsql) does: {@code (offset + granularity ·
 * value) / 100}, truncated toward zero, gives the int32 in 1e-7 degrees.
 */
final class PbfDecoder extends BinaryParser {
  /** Nanodegrees per unit of osmium's fixed point (1e-7 degrees). */
  private static final long NANODEGREES_PER_UNIT = 100;

  private static final Set<String> SUPPORTED_FEATURES = Set.of("OsmSchema-V0.6", "DenseNodes");

  private final ObjectFile.Writer[] writers = new ObjectFile.Writer[3];
  private final DataShape.Counter shape = new DataShape.Counter();
  private final OsmObject object = new OsmObject();
  private long latOffset;
  private long lonOffset;

  private PbfDecoder(Path dir) throws IOException {
    for (MiddleTable table : MiddleTable.values()) {
      writers[table.ordinal()] = new ObjectFile.Writer(file(dir, table), table);
    }
  }

  static Path file(Path dir, MiddleTable table) {
    return dir.resolve(table.yamlName() + ".bin");
  }

  /**
   * Decodes {@code pbf} into {@code dir} (which exists); returns the data's shape.
   *
   * @throws DataFileException when the file cannot be read as OSM PBF: bad input, not a failure
   * @throws IOException when the decoded data cannot be written
   */
  static DataShape decode(Path pbf, Path dir) throws IOException {
    PbfDecoder decoder = new PbfDecoder(dir);
    try (InputStream in = Files.newInputStream(pbf)) {
      new BlockInputStream(in, decoder).process();
    } catch (UncheckedIOException writing) {
      throw writing.getCause();
    } catch (IOException | RuntimeException reading) {
      throw new DataFileException(
          String.format(
              "%s: not a readable OSM PBF file (%s); give an .osm.pbf file, e.g. %s",
              pbf, reading.getMessage(), "data/andorra-2023-07-12.osm.pbf"));
    } finally {
      for (ObjectFile.Writer writer : decoder.writers) {
        writer.close();
      }
    }
    return decoder.shape.shape();
  }

  @Override
  protected void parse(Osmformat.HeaderBlock header) {
    for (String feature : header.getRequiredFeaturesList()) {
      if (!SUPPORTED_FEATURES.contains(feature)) {
        throw new IllegalArgumentException("the PBF file needs an unsupported feature: " + feature);
      }
    }
  }

  @Override
  public void parse(Osmformat.PrimitiveBlock block) {
    latOffset = block.getLatOffset();
    lonOffset = block.getLonOffset();
    super.parse(block);
  }

  /** A position's coordinate from its {@code value} in the block and the block's offset. */
  private int fixedPoint(long offset, long value) {
    return (int) ((offset + granularity * value) / NANODEGREES_PER_UNIT);
  }

  @Override
  protected void parseDense(Osmformat.DenseNodes nodes) {
    long id = 0;
    long lat = 0;
    long lon = 0;
    int keyValue = 0;
    for (int i = 0; i < nodes.getIdCount(); i++) {
      id += nodes.getId(i);
      lat += nodes.getLat(i);
      lon += nodes.getLon(i);
      OsmObject o = start(id);
      o.lat = fixedPoint(latOffset, lat);
      o.lon = fixedPoint(lonOffset, lon);
      // keys_vals: key, value, ... then 0 per node; empty when no node of the block has tags
      while (keyValue < nodes.getKeysValsCount()) {
        int key = nodes.getKeysVals(keyValue++);
        if (key == 0) {
          break;
        }
        tag(key, nodes.getKeysVals(keyValue++));
      }
      add(MiddleTable.NODES);
    }
  }

  @Override
  protected void parseNodes(List<Osmformat.Node> nodes) {
    for (Osmformat.Node node : nodes) {
      OsmObject o = start(node.getId());
      o.lat = fixedPoint(latOffset, node.getLat());
      o.lon = fixedPoint(lonOffset, node.getLon());
      for (int i = 0; i < node.getKeysCount(); i++) {
        tag(node.getKeys(i), node.getVals(i));
      }
      add(MiddleTable.NODES);
    }
  }

  @Override
  protected void parseWays(List<Osmformat.Way> ways) {
    for (Osmformat.Way way : ways) {
      OsmObject o = start(way.getId());
      long ref = 0;
      for (int i = 0; i < way.getRefsCount(); i++) {
        ref += way.getRefs(i);
        o.addRef(ref);
      }
      for (int i = 0; i < way.getKeysCount(); i++) {
        tag(way.getKeys(i), way.getVals(i));
      }
      add(MiddleTable.WAYS);
    }
  }

  @Override
  protected void parseRelations(List<Osmformat.Relation> relations) {
    for (Osmformat.Relation relation : relations) {
      OsmObject o = start(relation.getId());
      long ref = 0;
      for (int i = 0; i < relation.getMemidsCount(); i++) {
        ref += relation.getMemids(i);
        char type =
            switch (relation.getTypes(i)) {
              case NODE -> 'N';
              case WAY -> 'W';
              case RELATION -> 'R';
            };
        o.addMember(type, ref, getStringById(relation.getRolesSid(i)));
      }
      for (int i = 0; i < relation.getKeysCount(); i++) {
        tag(relation.getKeys(i), relation.getVals(i));
      }
      add(MiddleTable.RELS);
    }
  }

  /** The reused object, emptied, with its id. */
  private OsmObject start(long id) {
    OsmObject o = object.clear();
    o.id = id;
    return o;
  }

  /** A tag from the block's string table (no method reference per object: decoding is timed). */
  private void tag(int key, int value) {
    object.addTag(getStringById(key), getStringById(value));
  }

  private void add(MiddleTable table) {
    shape.add(table, object);
    try {
      writers[table.ordinal()].write(object);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void complete() {}
}
