package org.pgloadbench.dataset;

import org.pgloadbench.copy.Utf8Text;

/**
 * planet_osm_rels rows: id = index + 1, the members as a jsonb array of {@code
 * {"type":"W","ref":123,"role":"outer"}} objects and tags, never NULL.
 *
 * <p>A relation is a multipolygon (45%: ways, outer or inner), a route (25%: ways with role "", and
 * nodes as stop or platform), a boundary (10%: outer ways, a few subarea relations) or an
 * associated street (20%: street ways, house nodes and ways). It has 2 + 3·e^(1.2·z) members,
 * capped at 300: median 5, mean about 8. Like a way's refs, member refs start near the relation's
 * share of the node and way id spaces (index·N/R, index·W/R) and mostly run consecutively; member
 * relations are up to 100 ids earlier, as subareas are created before their parent.
 */
final class RelationRows implements RowGenerator {
  static final int MAX_MEMBERS = 300;

  private static final long STREAM = 4;
  private static final int JUMP_PERCENT = 20;
  private static final long MAX_JUMP = 1000;

  private enum Kind {
    MULTIPOLYGON(
        new String[][] {
          {"type", "multipolygon", "landuse", "forest"},
          {"type", "multipolygon", "landuse", "residential"},
          {"type", "multipolygon", "building", "yes"},
          {"type", "multipolygon", "natural", "water", "name", null},
        }),
    ROUTE(
        new String[][] {
          {"type", "route", "route", "bus", "ref", "12", "name", null},
          {"type", "route", "route", "hiking", "name", null},
          {"type", "route", "route", "bicycle", "network", "lcn", "name", null},
        }),
    BOUNDARY(
        new String[][] {
          {"type", "boundary", "boundary", "administrative", "admin_level", "8", "name", null},
          {"type", "boundary", "boundary", "postal_code", "postal_code", "10115"},
        }),
    STREET(new String[][] {{"type", "associatedStreet", "name", null}});

    final OsmTags.TagSet[] tagSets;

    Kind(String[][] tagSets) {
      this.tagSets = OsmTags.tagSets(tagSets);
    }
  }

  private static final Utf8Text OUTER = Utf8Text.of("outer");
  private static final Utf8Text INNER = Utf8Text.of("inner");
  private static final Utf8Text STOP = Utf8Text.of("stop");
  private static final Utf8Text PLATFORM = Utf8Text.of("platform");
  private static final Utf8Text STREET_ROLE = Utf8Text.of("street");
  private static final Utf8Text NO_ROLE = Utf8Text.of("");

  private final RowRandom random;
  private final long nodeIds;
  private final long wayIds;
  private final long relationIds;
  private final double nodesPerRelation;
  private final double waysPerRelation;
  private OsmObject relation;
  private long nodePosition;
  private long wayPosition;

  /** Members point into 1..nodeIds, 1..wayIds and 1..relationIds (the rows of this table). */
  RelationRows(long seed, long nodeIds, long wayIds, long relationIds) {
    this.random = new RowRandom(seed, STREAM);
    this.nodeIds = nodeIds;
    this.wayIds = wayIds;
    this.relationIds = relationIds;
    this.nodesPerRelation = (double) nodeIds / relationIds;
    this.waysPerRelation = (double) wayIds / relationIds;
  }

  @Override
  public void fill(long index, OsmObject relation) {
    this.relation = relation;
    relation.id = index + 1;
    random.startRow(index);
    Kind kind = kind(random.nextInt(100));
    int count = memberCount();
    nodePosition = (long) (index * nodesPerRelation) + random.nextLong(-MAX_JUMP, MAX_JUMP);
    wayPosition = (long) (index * waysPerRelation) + random.nextLong(-MAX_JUMP, MAX_JUMP);

    for (int i = 0; i < count; i++) {
      switch (kind) {
        case MULTIPOLYGON -> way(i == 0 || random.percent(60) ? OUTER : INNER);
        case ROUTE -> {
          if (random.percent(30)) {
            node(random.percent(50) ? STOP : PLATFORM);
          } else {
            way(NO_ROLE);
          }
        }
        case BOUNDARY -> {
          if (i > 0 && random.percent(5)) {
            relation.addMember(
                'R', 1 + Math.floorMod(index - random.nextLong(1, 100), relationIds), NO_ROLE);
          } else {
            way(OUTER);
          }
        }
        case STREET -> {
          if (i == 0 || random.percent(15)) {
            way(STREET_ROLE);
          } else if (random.percent(70)) {
            node(NO_ROLE);
          } else {
            way(NO_ROLE);
          }
        }
      }
    }
    OsmTags.add(relation, OsmTags.pick(kind.tagSets, random), random);
  }

  private int memberCount() {
    long count = 2 + Math.round(3 * Math.exp(1.2 * random.nextGaussian()));
    return (int) Math.min(MAX_MEMBERS, count);
  }

  private static Kind kind(int percentile) {
    return percentile < 45
        ? Kind.MULTIPOLYGON
        : percentile < 70 ? Kind.ROUTE : percentile < 80 ? Kind.BOUNDARY : Kind.STREET;
  }

  private void node(Utf8Text role) {
    relation.addMember('N', 1 + Math.floorMod(nodePosition, nodeIds), role);
    nodePosition = advance(nodePosition);
  }

  private void way(Utf8Text role) {
    relation.addMember('W', 1 + Math.floorMod(wayPosition, wayIds), role);
    wayPosition = advance(wayPosition);
  }

  private long advance(long position) {
    return position + (random.percent(JUMP_PERCENT) ? random.nextLong(-MAX_JUMP, MAX_JUMP) : 1);
  }
}
