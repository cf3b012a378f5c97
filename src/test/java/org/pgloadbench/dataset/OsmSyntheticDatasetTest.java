package org.pgloadbench.dataset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.pgloadbench.dataset.CapturingEncoder.rowsOf;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.pgloadbench.dataset.CapturingEncoder.Json;
import org.pgloadbench.variant.MiddleFormat;

class OsmSyntheticDatasetTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final long SEED = 42;

  private static OsmSyntheticDataset dataset(long nodes, long ways, long rels) {
    return new OsmSyntheticDataset(Map.of("nodes", nodes, "ways", ways, "rels", rels), SEED);
  }

  @ParameterizedTest
  @EnumSource(MiddleTable.class)
  void legacyRowsCarryTheSameObjectsAsNewRows(MiddleTable table) throws Exception {
    OsmSyntheticDataset dataset = dataset(3000, 3000, 3000);
    List<List<Object>> fresh = rowsOf(dataset.source(table, MiddleFormat.NEW));
    List<List<Object>> legacy = rowsOf(dataset.source(table, MiddleFormat.LEGACY));
    assertThat(legacy).hasSameSizeAs(fresh);
    for (int i = 0; i < fresh.size(); i++) {
      List<Object> n = fresh.get(i);
      List<Object> l = legacy.get(i);
      assertThat(l.get(0)).isEqualTo(n.get(0));
      switch (table) {
        case NODES -> assertThat(l).isEqualTo(n.subList(0, 3)); // no tags column
        case WAYS -> {
          assertThat(l.get(1)).isEqualTo(n.get(1));
          assertThat(l.get(2)).isEqualTo(tagPairs(n.get(2)));
        }
        case RELS -> {
          List<String> members = new ArrayList<>();
          List<Long> parts = new ArrayList<>();
          int[] byType = new int[3];
          for (JsonNode m : MAPPER.readTree(((Json) n.get(1)).text())) {
            String type = m.get("type").asText();
            members.add(type.toLowerCase() + m.get("ref").asLong());
            members.add(m.get("role").asText());
            byType["NWR".indexOf(type)]++;
          }
          for (String type : List.of("N", "W", "R")) {
            for (JsonNode m : MAPPER.readTree(((Json) n.get(1)).text())) {
              if (m.get("type").asText().equals(type)) {
                parts.add(m.get("ref").asLong());
              }
            }
          }
          assertThat(l.get(1)).isEqualTo((short) byType[0]);
          assertThat(l.get(2)).isEqualTo((short) (byType[0] + byType[1]));
          assertThat(l.get(3)).isEqualTo(parts);
          assertThat(l.get(4)).isEqualTo(members);
          assertThat(l.get(5)).isEqualTo(tagPairs(n.get(2)));
        }
      }
    }
  }

  /** A jsonb tags value as the legacy text[] of key, value pairs; null stays null. */
  private static List<String> tagPairs(Object json) throws Exception {
    if (json == null) {
      return null;
    }
    List<String> pairs = new ArrayList<>();
    MAPPER
        .readTree(((Json) json).text())
        .fields()
        .forEachRemaining(
            e -> {
              pairs.add(e.getKey());
              pairs.add(e.getValue().asText());
            });
    return pairs;
  }

  @ParameterizedTest
  @EnumSource(MiddleTable.class)
  void writesRowsRowsOfTheTablesShape(MiddleTable table) {
    RowSource source = dataset(1234, 567, 89).source(table, MiddleFormat.NEW);
    AtomicLong written = new AtomicLong();

    // The encoder checks that every row has the table's field count and that finish is not called.
    CapturingEncoder.write(source, row -> written.incrementAndGet());

    long expected =
        switch (table) {
          case NODES -> 1234;
          case WAYS -> 567;
          case RELS -> 89;
        };
    assertThat(source.rows()).isEqualTo(expected);
    assertThat(written).hasValue(expected);
  }

  @ParameterizedTest
  @EnumSource(MiddleTable.class)
  void sameSeedSameRowsOtherSeedOtherRows(MiddleTable table) {
    Map<String, Long> rows = Map.of("nodes", 3000L, "ways", 2000L, "rels", 500L);
    List<List<Object>> first =
        rowsOf(new OsmSyntheticDataset(rows, 7).source(table, MiddleFormat.NEW));
    List<List<Object>> again =
        rowsOf(new OsmSyntheticDataset(rows, 7).source(table, MiddleFormat.NEW));
    List<List<Object>> other =
        rowsOf(new OsmSyntheticDataset(rows, 8).source(table, MiddleFormat.NEW));

    assertThat(again).isEqualTo(first);
    assertThat(other).hasSameSizeAs(first).isNotEqualTo(first);
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 3, 4})
  void slicesConcatenateToTheWholeSource(int parts) {
    for (MiddleTable table : MiddleTable.values()) {
      for (long rows : new long[] {0, 3, 1001}) {
        RowSource whole = dataset(rows, rows, rows).source(table, MiddleFormat.NEW);
        List<List<Object>> concatenated = new ArrayList<>();
        long sliceRows = 0;
        for (int i = 0; i < parts; i++) {
          RowSource slice = whole.slice(i, parts);
          List<List<Object>> sliceRowList = rowsOf(slice);
          assertThat(sliceRowList).hasSize((int) slice.rows());
          assertThat(slice.rows()).isBetween(rows / parts, rows / parts + 1);
          concatenated.addAll(sliceRowList);
          sliceRows += slice.rows();
        }
        assertThat(sliceRows).isEqualTo(rows);
        assertThat(concatenated).isEqualTo(rowsOf(whole));
      }
    }
  }

  @Test
  void slicesOfASliceConcatenateToTheSlice() {
    RowSource middle = dataset(0, 1000, 0).source(MiddleTable.WAYS, MiddleFormat.NEW).slice(1, 3);
    List<List<Object>> concatenated = new ArrayList<>(rowsOf(middle.slice(0, 2)));
    concatenated.addAll(rowsOf(middle.slice(1, 2)));

    assertThat(concatenated).isEqualTo(rowsOf(middle));
    assertThat(rowsOf(middle).get(0).get(0)).isEqualTo(334L);
  }

  @Test
  void slicesWrittenConcurrentlyMatchTheWhole() throws Exception {
    RowSource whole = dataset(0, 0, 3001).source(MiddleTable.RELS, MiddleFormat.NEW);
    int parts = 4;
    List<CompletableFuture<List<List<Object>>>> slices = new ArrayList<>();
    for (int i = 0; i < parts; i++) {
      RowSource slice = whole.slice(i, parts);
      slices.add(CompletableFuture.supplyAsync(() -> rowsOf(slice)));
    }
    List<List<Object>> concatenated = new ArrayList<>();
    for (CompletableFuture<List<List<Object>>> slice : slices) {
      concatenated.addAll(slice.get());
    }

    assertThat(concatenated).isEqualTo(rowsOf(whole));
  }

  @Test
  void rejectsInvalidSlices() {
    RowSource source = dataset(10, 10, 10).source(MiddleTable.NODES, MiddleFormat.NEW);
    assertThatThrownBy(() -> source.slice(0, 0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> source.slice(2, 2)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> source.slice(-1, 2)).isInstanceOf(IllegalArgumentException.class);
  }

  @ParameterizedTest
  @EnumSource(MiddleTable.class)
  void idsCountFromOneWithoutGaps(MiddleTable table) {
    List<List<Object>> rows = rowsOf(dataset(5000, 5000, 5000).source(table, MiddleFormat.NEW));
    for (int i = 0; i < rows.size(); i++) {
      assertThat(rows.get(i).get(0)).isEqualTo(i + 1L);
    }
  }

  @Test
  void wayRefsPointToExistingNodesAndBuildingsAreClosed() {
    long nodes = 20_000;
    RowSource ways = dataset(nodes, 3000, 0).source(MiddleTable.WAYS, MiddleFormat.NEW);
    int buildings = 0;
    for (List<Object> row : rowsOf(ways)) {
      List<Long> refs = refs(row);
      assertThat(refs).hasSizeGreaterThanOrEqualTo(2).hasSizeLessThanOrEqualTo(WayRows.MAX_REFS);
      assertThat(refs).allSatisfy(ref -> assertThat(ref).isBetween(1L, nodes));
      if (row.get(2) instanceof Json tags && tags.text().contains("\"building\"")) {
        buildings++;
        assertThat(refs).hasSize(5);
        assertThat(refs.get(4)).isEqualTo(refs.get(0));
      }
    }
    assertThat(buildings).isBetween(1300, 1700);
  }

  @Test
  void wayRefsFollowTheWayIndexThroughTheNodes() {
    // Without a nodes table the node ids are 9 per way; way k starts near node 9k.
    long ways = 10_000;
    RowSource source =
        new OsmSyntheticDataset(Map.of("ways", ways), SEED)
            .source(MiddleTable.WAYS, MiddleFormat.NEW);
    CapturingEncoder.write(
        source,
        row -> {
          long wayId = (Long) row.get(0);
          long first = refs(row).get(0);
          assertThat(first).isBetween(1L, 9 * ways);
          if (wayId > 200 && wayId < ways - 200) {
            assertThat(Math.abs(first - 9 * (wayId - 1))).isLessThanOrEqualTo(1001);
          }
        });
  }

  @Test
  void relationMembersStayWithinTheIdSpaces() throws Exception {
    long nodes = 50_000;
    long ways = 8000;
    long rels = 2000;
    for (List<Object> row :
        rowsOf(dataset(nodes, ways, rels).source(MiddleTable.RELS, MiddleFormat.NEW))) {
      JsonNode members = MAPPER.readTree(((Json) row.get(1)).text());
      assertThat(members.isArray()).isTrue();
      assertThat(members.size()).isBetween(2, RelationRows.MAX_MEMBERS);
      for (JsonNode member : members) {
        long bound =
            switch (member.get("type").asText()) {
              case "N" -> nodes;
              case "W" -> ways;
              case "R" -> rels;
              default -> throw new AssertionError("member type of " + member);
            };
        assertThat(member.get("ref").asLong()).isBetween(1L, bound);
        assertThat(member.get("role").asText())
            .isIn("outer", "inner", "", "stop", "platform", "street");
      }
      JsonNode tags = MAPPER.readTree(((Json) row.get(2)).text());
      assertThat(tags.get("type").asText()).isNotEmpty();
    }
  }

  @Test
  void jsonColumnsAreValidJsonObjects() throws Exception {
    OsmSyntheticDataset dataset = dataset(50_000, 10_000, 2000);
    int nonAscii = 0;
    for (MiddleTable table : MiddleTable.values()) {
      for (List<Object> row : rowsOf(dataset.source(table, MiddleFormat.NEW))) {
        for (Object field : row) {
          if (field instanceof Json json) {
            JsonNode parsed = MAPPER.readTree(json.text());
            assertThat(parsed.isObject() || parsed.isArray()).as(json.text()).isTrue();
            if (json.text().chars().anyMatch(c -> c > 127)) {
              nonAscii++;
            }
          }
        }
      }
    }
    assertThat(nonAscii).as("JSON values with non-ASCII text").isGreaterThan(100);
  }

  @Test
  void nodesLieInRangeAndNearTheirPredecessor() {
    long nodes = 200_000;
    long[] nearAndTagged = new long[2];
    int[] previous = new int[2];
    CapturingEncoder.write(
        dataset(nodes, 0, 0).source(MiddleTable.NODES, MiddleFormat.NEW),
        row -> {
          int lat = (Integer) row.get(1);
          int lon = (Integer) row.get(2);
          assertThat(lat).isBetween(-900_000_000, 900_000_000);
          assertThat(lon).isBetween(-1_800_000_000, 1_800_000_000);
          // Within 0.001 degrees (about 100 m).
          if (Math.abs(lat - previous[0]) < 10_000 && Math.abs(lon - previous[1]) < 10_000) {
            nearAndTagged[0]++;
          }
          if (row.get(3) != null) {
            nearAndTagged[1]++;
          }
          previous[0] = lat;
          previous[1] = lon;
        });
    assertThat(nearAndTagged[0]).isGreaterThan(nodes * 99 / 100);
    assertThat((double) nearAndTagged[1] / nodes).isBetween(0.02, 0.10);
  }

  @Test
  void wayAndRelationSizesHaveOsmLikeMedians() {
    long[] wayRefs = sizes(dataset(0, 100_000, 0).source(MiddleTable.WAYS, MiddleFormat.NEW));
    assertThat(median(wayRefs)).isBetween(5L, 10L);
    assertThat(wayRefs[wayRefs.length - 1]).isBetween(200L, (long) WayRows.MAX_REFS);

    long[] members = sizes(dataset(0, 0, 20_000).source(MiddleTable.RELS, MiddleFormat.NEW));
    assertThat(median(members)).isBetween(4L, 7L);
    assertThat(members[members.length - 1]).isBetween(50L, (long) RelationRows.MAX_MEMBERS);
  }

  @Test
  void reusesOneRefArrayAndAFixedSetOfJsonBuffers() {
    CapturingEncoder ways =
        CapturingEncoder.write(
            dataset(0, 20_000, 0).source(MiddleTable.WAYS, MiddleFormat.NEW), row -> {});
    assertThat(ways.arraysSeen).hasSize(1);
    assertThat(ways.arraysSeen.iterator().next()).hasSize(WayRows.MAX_REFS);
    // the builder's buffer, and the JSON of each tag set drawing no name, built once: as many with
    // twice the rows
    assertThat(ways.jsonBuffersSeen).hasSizeBetween(2, 1 + 17);
    CapturingEncoder twiceTheWays =
        CapturingEncoder.write(
            dataset(0, 40_000, 0).source(MiddleTable.WAYS, MiddleFormat.NEW), row -> {});
    assertThat(twiceTheWays.jsonBuffersSeen).hasSameSizeAs(ways.jsonBuffersSeen);

    CapturingEncoder rels =
        CapturingEncoder.write(
            dataset(0, 0, 5000).source(MiddleTable.RELS, MiddleFormat.NEW), row -> {});
    CapturingEncoder twiceTheRels =
        CapturingEncoder.write(
            dataset(0, 0, 10_000).source(MiddleTable.RELS, MiddleFormat.NEW), row -> {});
    assertThat(rels.jsonBuffersSeen).hasSizeBetween(3, 2 + 10);
    assertThat(twiceTheRels.jsonBuffersSeen).hasSameSizeAs(rels.jsonBuffersSeen);
  }

  @Test
  void configuresOnlyTheGivenTables() {
    OsmSyntheticDataset dataset = new OsmSyntheticDataset(Map.of("rels", 5L, "nodes", 3L), SEED);

    assertThat(dataset.source(MiddleTable.NODES, MiddleFormat.NEW).rows()).isEqualTo(3);
    assertThat(dataset.source(MiddleTable.RELS, MiddleFormat.NEW).rows()).isEqualTo(5);
    assertThat(dataset.wayIds()).isEqualTo(400);
    assertThat(dataset.nodeIds()).isEqualTo(3);
    assertThatThrownBy(() -> dataset.source(MiddleTable.WAYS, MiddleFormat.NEW))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'ways'");
  }

  @Test
  void rejectsUnknownTablesAndNegativeRows() {
    assertThatThrownBy(() -> new OsmSyntheticDataset(Map.of("members", 1L), SEED))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'members'");
    assertThatThrownBy(() -> new OsmSyntheticDataset(Map.of("ways", -1L), SEED))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'ways'");
  }

  @SuppressWarnings("unchecked")
  private static List<Long> refs(List<Object> wayRow) {
    return (List<Long>) wayRow.get(1);
  }

  /** The sorted sizes of column 1: the way's refs or the relation's members. */
  private static long[] sizes(RowSource source) {
    long[] sizes = new long[(int) source.rows()];
    int[] next = new int[1];
    CapturingEncoder.write(
        source,
        row ->
            sizes[next[0]++] =
                row.get(1) instanceof Json members
                    ? readTree(members.text()).size()
                    : ((List<?>) row.get(1)).size());
    Arrays.sort(sizes);
    return sizes;
  }

  private static long median(long[] sorted) {
    return sorted[sorted.length / 2];
  }

  private static JsonNode readTree(String json) {
    try {
      return MAPPER.readTree(json);
    } catch (Exception e) {
      throw new AssertionError(json, e);
    }
  }
}
