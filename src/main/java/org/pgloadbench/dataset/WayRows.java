package org.pgloadbench.dataset;


/**
 * planet_osm_ways rows: id = index + 1, the node refs as int8[] and (almost always) tags.
 *
 * <p>Half of the ways are buildings: a closed ring of 4 nodes, 5 refs with the last equal to the
 * first. The others have a log-normal length (median 8, sigma 1.1: mean about 15, one in a few
 * million reaches the cap) clamped to 2..2000 refs, OSM's limit. A building uses 4 new nodes and
 * another way about 15, so ways consume about 9 nodes each, the planet's ratio. Way k starts near
 * node index k·N/W and its refs mostly run consecutively, as nodes created with their way do; about
 * 5% of the steps jump up to 1000 nodes away: a node shared with a nearby way. Refs wrap around
 * within 1..N, so any node count works.
 */
final class WayRows implements RowGenerator {
  static final int MAX_REFS = 2000;
  static final int BUILDING_PERCENT = 50;

  private static final long STREAM = 3;
  private static final int UNTAGGED_PERCENT = 2;
  private static final int JUMP_PERCENT = 5;
  private static final long MAX_JUMP = 1000;
  private static final double MEDIAN_REFS = 8;
  private static final double SIGMA_REFS = 1.1;

  private static final OsmTags.TagSet[] BUILDING_TAG_SETS =
      OsmTags.tagSets(
          new String[][] {
            {"building", "yes"},
            {"building", "yes"},
            {"building", "yes"},
            {"building", "house"},
            {"building", "residential", "building:levels", "3"},
          });

  private static final OsmTags.TagSet[] OTHER_TAG_SETS =
      OsmTags.tagSets(
          new String[][] {
            {"highway", "residential", "name", null},
            {"highway", "residential", "name", null},
            {"highway", "service"},
            {"highway", "service", "service", "driveway"},
            {"highway", "footway"},
            {"highway", "track", "tracktype", "grade3"},
            {"highway", "unclassified", "name", null},
            {"highway", "tertiary", "maxspeed", "50", "name", null},
            {"waterway", "stream"},
            {"barrier", "fence"},
            {"power", "line", "voltage", "110000"},
            {"railway", "rail", "gauge", "1435"},
          });

  private final RowRandom random;
  private final long nodeIds;
  private final double nodesPerWay;

  /** {@code nodeIds}: refs point to 1..nodeIds; {@code wayCount} spreads the ways over them. */
  WayRows(long seed, long nodeIds, long wayCount) {
    this.random = new RowRandom(seed, STREAM);
    this.nodeIds = nodeIds;
    this.nodesPerWay = (double) nodeIds / wayCount;
  }

  @Override
  public void fill(long index, OsmObject way) {
    boolean building = fillRefs(index, way);
    // untagged: e.g. an inner ring that only a multipolygon relation tags
    if (!random.percent(UNTAGGED_PERCENT)) {
      OsmTags.TagSet[] tagSets = building ? BUILDING_TAG_SETS : OTHER_TAG_SETS;
      OsmTags.add(way, OsmTags.pick(tagSets, random), random);
    }
  }

  /**
   * Sets {@code way}'s id and node refs only, as {@link #fill} would (its geometry needs no tags);
   * returns whether it is a building.
   */
  boolean fillRefs(long index, OsmObject way) {
    random.startRow(index);
    boolean building = random.percent(BUILDING_PERCENT);
    long position = (long) (index * nodesPerWay) + random.nextLong(-MAX_JUMP, MAX_JUMP);
    way.id = index + 1;
    // The ref count is known before the first ref: the refs go straight into the array.
    if (building) {
      // nodeId(position + i), stepped instead of divided: one division per way, not four
      long[] refs = way.refsFor(5);
      long ref = nodeId(position);
      for (int i = 0; i < 4; i++) {
        refs[i] = ref;
        ref = ref == nodeIds ? 1 : ref + 1;
      }
      refs[4] = refs[0];
      way.refCount = 5;
    } else {
      int count = (int) Math.min(MAX_REFS, Math.max(2, Math.round(logNormal())));
      long[] refs = way.refsFor(count);
      // The ref follows the position step by step; only a step that leaves 1..N pays for the
      // 64-bit division of nodeId, which costs more than the rest of the step.
      long ref = nodeId(position);
      for (int i = 0; i < count; i++) {
        refs[i] = ref;
        ref += random.percent(JUMP_PERCENT) ? random.nextLong(-MAX_JUMP, MAX_JUMP) : 1;
        if (ref < 1 || ref > nodeIds) {
          ref = nodeId(ref - 1);
        }
      }
      way.refCount = count;
    }
    return building;
  }

  private double logNormal() {
    return MEDIAN_REFS * Math.exp(SIGMA_REFS * random.nextGaussian());
  }

  private long nodeId(long position) {
    return 1 + Math.floorMod(position, nodeIds);
  }
}
