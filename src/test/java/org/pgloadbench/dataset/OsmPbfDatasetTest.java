package org.pgloadbench.dataset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.pgloadbench.dataset.CapturingEncoder.rowsOf;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.pgloadbench.dataset.Dataset.Table;
import org.pgloadbench.scenario.Axis;
import org.pgloadbench.variant.LoadVariant;
import org.pgloadbench.variant.MiddleFormat;

/** The Liechtenstein extract shipped in data/, decoded and written in both middle formats. */
class OsmPbfDatasetTest {
  static final Path LIECHTENSTEIN = Path.of("data/liechtenstein-2013-08-03.osm.pbf");

  /** The extract's objects, as osmium fileinfo and osm2pgsql's log count them. */
  static final long NODES = 65_733;

  static final long WAYS = 7_121;
  static final long RELS = 113;

  @TempDir static Path cache;
  static OsmPbfDataset dataset;
  static String firstPrepare;

  @BeforeAll
  static void prepare() throws Exception {
    List<String> notes = new ArrayList<>();
    dataset = prepare(notes);
    firstPrepare = String.join("\n", notes);
  }

  private static OsmPbfDataset prepare(List<String> notes) throws Exception {
    return OsmPbfDataset.prepare(LIECHTENSTEIN, List.of(MiddleTable.values()), cache, notes::add);
  }

  static LoadVariant variant(MiddleFormat format) {
    return Axis.variant(Map.of("middle_format", format.yamlName()));
  }

  @Test
  void countsEveryObjectOfTheFile() {
    assertThat(dataset.count(MiddleTable.NODES)).isEqualTo(NODES);
    assertThat(dataset.count(MiddleTable.WAYS)).isEqualTo(WAYS);
    assertThat(dataset.count(MiddleTable.RELS)).isEqualTo(RELS);
    assertThat(firstPrepare).contains("decoded liechtenstein-2013-08-03.osm.pbf: 65733 nodes");
  }

  @Test
  void decodesOnceAndReusesTheCacheNamedByTheChecksum() throws Exception {
    List<String> notes = new ArrayList<>();
    OsmPbfDataset again = prepare(notes);
    assertThat(notes).isEmpty();
    assertThat(again.shape().get("file")).isEqualTo(dataset.shape().get("file"));
    try (var entries = Files.list(cache)) {
      assertThat(entries.map(p -> p.getFileName().toString()))
          .containsExactly(OsmPbfDataset.sha256(LIECHTENSTEIN));
    }
    assertThat(OsmPbfDataset.sha256(LIECHTENSTEIN))
        .isEqualTo("e9b3e17b9c3ccaa670c5e7ecf4d0a2cf932d23abd8bb66f78a9f4631cfef3211");
  }

  @ParameterizedTest
  @EnumSource(MiddleFormat.class)
  void writesAsManyRowsAsObjectsWithTheTablesColumns(MiddleFormat format) {
    List<Table> tables = dataset.tables(variant(format));
    assertThat(tables)
        .extracting(t -> t.def().name())
        .containsExactly("planet_osm_nodes", "planet_osm_ways", "planet_osm_rels");
    long[] expected = {NODES, WAYS, RELS};
    for (int i = 0; i < 3; i++) {
      Table table = tables.get(i);
      List<List<Object>> rows = rowsOf(table.rows());
      assertThat(rows).hasSize((int) expected[i]);
      assertThat(table.rows().rows()).isEqualTo(expected[i]);
      assertThat(rows.get(0)).hasSize(table.def().columns().size());
    }
  }

  @Test
  void idsAreTheFilesInFileOrder() {
    List<List<Object>> nodes = rowsOf(dataset.tables(variant(MiddleFormat.NEW)).get(0).rows());
    // the extract's ids were renumbered from 1, in order
    for (int i = 0; i < nodes.size(); i++) {
      assertThat(nodes.get(i).get(0)).isEqualTo((long) i + 1);
    }
  }

  @Test
  void legacyRelationsGroupPartsByTypeWithOffsets() {
    for (List<Object> row : rowsOf(dataset.tables(variant(MiddleFormat.LEGACY)).get(2).rows())) {
      short wayOffset = (Short) row.get(1);
      short relOffset = (Short) row.get(2);
      @SuppressWarnings("unchecked")
      List<Long> parts = (List<Long>) row.get(3);
      @SuppressWarnings("unchecked")
      List<String> members = (List<String>) row.get(4);
      assertThat(members).hasSize(2 * parts.size());
      List<Long> grouped = new ArrayList<>();
      for (String type : List.of("n", "w", "r")) {
        for (int m = 0; m < members.size(); m += 2) {
          if (members.get(m).startsWith(type)) {
            grouped.add(Long.parseLong(members.get(m).substring(1)));
          }
        }
        if (type.equals("n")) {
          assertThat(grouped).hasSize(wayOffset);
        } else if (type.equals("w")) {
          assertThat(grouped).hasSize(relOffset);
        }
      }
      assertThat(parts).isEqualTo(grouped);
    }
  }

  @ParameterizedTest
  @EnumSource(MiddleFormat.class)
  void slicesConcatenateToTheWholeTable(MiddleFormat format) {
    // nodes span several index strides, so slices start in the middle of one
    RowSource whole = dataset.tables(variant(format)).get(0).rows();
    List<List<Object>> all = rowsOf(whole);
    List<List<Object>> joined = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      joined.addAll(rowsOf(whole.slice(i, 3)));
    }
    assertThat(joined).isEqualTo(all);
  }

  @Test
  void shapeOfTheFileBesideTheGeneratorsForTheSameCounts() {
    Map<String, Object> shape = dataset.shape();
    @SuppressWarnings("unchecked")
    Map<String, Object> file = (Map<String, Object>) shape.get("file");
    @SuppressWarnings("unchecked")
    Map<String, Object> synthetic = (Map<String, Object>) shape.get("synthetic");
    assertThat(file).containsEntry("nodes", NODES).containsEntry("rels", RELS);
    assertThat(synthetic).containsEntry("nodes", NODES).containsEntry("ways", WAYS);
    assertThat((Double) file.get("mean_way_length")).isGreaterThan(2);
    assertThat((Double) synthetic.get("tagged_node_share")).isBetween(0.03, 0.07);
    assertThat((Double) file.get("members_per_relation")).isGreaterThan(1);
  }

  @Test
  void aFileThatIsNotPbfIsBadInputAndLeavesNoCache(@TempDir Path dir) throws Exception {
    Path notPbf = Files.writeString(dir.resolve("notes.osm.pbf"), "not a PBF file\n".repeat(100));
    Path cacheRoot = dir.resolve("cache");
    assertThatThrownBy(
            () ->
                OsmPbfDataset.prepare(notPbf, List.of(MiddleTable.values()), cacheRoot, note -> {}))
        .isInstanceOf(DataFileException.class)
        .hasMessageStartingWith(notPbf + ": not a readable OSM PBF file (")
        .hasMessageEndingWith("); give an .osm.pbf file, e.g. data/andorra-2023-07-12.osm.pbf");
    try (var left = Files.list(cacheRoot)) {
      assertThat(left).isEmpty();
    }
  }
}
