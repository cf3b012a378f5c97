package org.pgloadbench.dataset;


/**
 * planet_osm_nodes rows: id = index + 1, a position in osm2pgsql's fixed point (1e-7 degrees) and,
 * for about 5% of the nodes, a few tags.
 *
 * <p>Positions are spatially coherent the way OSM ids are: nodes are created in batches in one
 * place. The index space is cut into blocks of 4096 nodes; each block has a centre (latitude within
 * ±70°, longitude within ±179°) and a drift of up to 2e-5° (about 2 m) per node, so a block spans
 * at most 0.08° and consecutive ids lie metres apart, plus a jitter of at most 1e-5°. Across block
 * boundaries the position jumps, like between two changesets.
 */
final class NodeRows implements RowGenerator {
  static final int TAGGED_PERCENT = 5;

  private static final long STREAM = 1;
  private static final long BLOCK_STREAM = 2;
  private static final int BLOCK_BITS = 12;
  private static final long BLOCK_MASK = (1L << BLOCK_BITS) - 1;
  private static final long MAX_LAT = 900_000_000L;
  private static final long MAX_LON = 1_800_000_000L;
  private static final long MAX_CENTRE_LAT = 700_000_000L;
  private static final long MAX_CENTRE_LON = 1_790_000_000L;
  private static final long MAX_DRIFT = 200;
  private static final long MAX_JITTER = 100;

  private static final OsmTags.TagSet[] TAG_SETS =
      OsmTags.tagSets(
          new String[][] {
            {"highway", "crossing"},
            {"highway", "crossing", "crossing", "zebra"},
            {"highway", "street_lamp"},
            {"highway", "bus_stop", "name", null},
            {"natural", "tree"},
            {"natural", "tree", "leaf_type", "broadleaved"},
            {"amenity", "bench"},
            {"amenity", "cafe", "name", null},
            {"shop", "bakery", "name", null},
            {"barrier", "gate"},
            {"power", "tower"},
            {"entrance", "yes"},
          });

  private final RowRandom random;
  private final RowRandom blocks;

  /**
   * The block of the previous row and its draws: consecutive rows share them 4095 times in 4096.
   */
  private long block = -1;

  private long centreLat;
  private long centreLon;
  private long driftLat;
  private long driftLon;

  NodeRows(long seed) {
    random = new RowRandom(seed, STREAM);
    blocks = new RowRandom(seed, BLOCK_STREAM);
  }

  @Override
  public void fill(long index, OsmObject node) {
    locate(index, node);
    if (random.percent(TAGGED_PERCENT)) {
      tag(node);
    }
  }

  /**
   * The rare parts of a row, apart from the per-row code ({@link #tag}, 1 row in 20; {@link
   * #startBlock}, 1 in 4096), so that the JIT's code for {@link #fill} stays small enough to be
   * inlined into the row loop instead of called for every row.
   */
  private void tag(OsmObject node) {
    OsmTags.add(node, OsmTags.pick(TAG_SETS, random), random);
  }

  /**
   * Sets {@code node}'s id and position only, as {@link #fill} would: the position of the node a
   * way refers to, for its geometry.
   */
  void locate(long index, OsmObject node) {
    if (index >>> BLOCK_BITS != block) {
      startBlock(index >>> BLOCK_BITS);
    }
    long offset = index & BLOCK_MASK;

    random.startRow(index);
    long lat = centreLat + offset * driftLat + random.nextLong(-MAX_JITTER, MAX_JITTER);
    long lon = centreLon + offset * driftLon + random.nextLong(-MAX_JITTER, MAX_JITTER);

    node.id = index + 1;
    // The bounds above keep positions in range; the clamp only guards against edits to them.
    node.lat = (int) clamp(lat, MAX_LAT);
    node.lon = (int) clamp(lon, MAX_LON);
  }

  /** Draws the centre and drift of a block: see {@link #tag}. */
  private void startBlock(long block) {
    this.block = block;
    blocks.startRow(block);
    centreLat = blocks.nextLong(-MAX_CENTRE_LAT, MAX_CENTRE_LAT);
    centreLon = blocks.nextLong(-MAX_CENTRE_LON, MAX_CENTRE_LON);
    driftLat = blocks.nextLong(-MAX_DRIFT, MAX_DRIFT);
    driftLon = blocks.nextLong(-MAX_DRIFT, MAX_DRIFT);
  }

  private static long clamp(long value, long max) {
    return Math.max(-max, Math.min(max, value));
  }
}
