package org.pgloadbench.dataset;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The shape of a dataset's objects, for checking the generator's distributions against real data:
 * objects per type, how many nodes are tagged, way lengths, tags per object, members per relation.
 *
 * @param sampledObjects objects the averages were computed over (all, or a sample of a large
 *     synthetic dataset)
 */
public record DataShape(
    long nodes,
    long ways,
    long rels,
    long sampledObjects,
    double taggedNodeShare,
    double tagsPerNode,
    double tagsPerWay,
    double tagsPerRelation,
    double meanWayLength,
    double membersPerRelation) {

  /** Writes a shape as run.json and the decoded file's cache store it, and reads it back. */
  static final ObjectMapper JSON =
      new ObjectMapper().setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE);

  /** As run.json stores it: the components in this order, by their snake_case names. */
  public Map<String, Object> toJson() {
    return JSON.convertValue(this, new TypeReference<LinkedHashMap<String, Object>>() {});
  }

  /** Adds objects up, table by table. */
  static final class Counter {
    private final long[] objects = new long[3];
    private final long[] tags = new long[3];
    private long taggedNodes;
    private long wayRefs;
    private long members;

    void add(MiddleTable table, OsmObject o) {
      objects[table.ordinal()]++;
      tags[table.ordinal()] += o.tagCount;
      switch (table) {
        case NODES -> taggedNodes += o.tagCount > 0 ? 1 : 0;
        case WAYS -> wayRefs += o.refCount;
        case RELS -> members += o.memberCount;
      }
    }

    /** The shape, with the given object counts and the averages over the objects added. */
    DataShape shape(long nodes, long ways, long rels) {
      int n = MiddleTable.NODES.ordinal();
      int w = MiddleTable.WAYS.ordinal();
      int r = MiddleTable.RELS.ordinal();
      return new DataShape(
          nodes,
          ways,
          rels,
          objects[n] + objects[w] + objects[r],
          ratio(taggedNodes, objects[n]),
          ratio(tags[n], objects[n]),
          ratio(tags[w], objects[w]),
          ratio(tags[r], objects[r]),
          ratio(wayRefs, objects[w]),
          ratio(members, objects[r]));
    }

    /** The shape of exactly the objects added. */
    DataShape shape() {
      return shape(objects[0], objects[1], objects[2]);
    }

    /** Rounded to 4 decimals, as run.json records it. */
    private static double ratio(long part, long whole) {
      return whole == 0 ? 0 : Math.round((double) part / whole * 10_000) / 10_000.0;
    }
  }
}
