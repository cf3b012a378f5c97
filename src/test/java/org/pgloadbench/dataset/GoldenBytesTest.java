package org.pgloadbench.dataset;

import static org.assertj.core.api.Assertions.assertThat;

import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.pgloadbench.copy.CopyFormat;
import org.pgloadbench.copy.RowEncoder;
import org.pgloadbench.variant.MiddleFormat;

/**
 * The same seed keeps giving the same bytes: the SHA-256 of the COPY stream of the first rows of
 * every generated table, in both COPY formats (and both middle formats), is pinned to what the
 * harness wrote when the digests were taken. Results of two harness revisions are only comparable
 * ({@code make compare}) if this holds; a change that alters rows on purpose updates the digests
 * and says so in its commit.
 */
class GoldenBytesTest {
  private static final long SEED = 42;

  /** Id spaces like the shipped scenarios' (9 nodes a way, 80 ways a relation), kept small. */
  private static final Map<String, Long> OSM_ROWS =
      Map.of("nodes", 180_000L, "ways", 20_000L, "rels", 250L);

  private static final Map<String, String> EXPECTED =
      Map.ofEntries(
          Map.entry(
              "osm nodes new text",
              "197468308d5eb400cc875e96615606e42b28793c7c27a4861a076166415e24ff"),
          Map.entry(
              "osm nodes new binary",
              "6a47adf340a0edeef5f0c1e0020526c2bc26a2771bb122d597ddeef341f1acc4"),
          Map.entry(
              "osm ways new text",
              "9a2eb3006974e172c26d4b71f8d2927c79119d9cf66f67ca11b9e042bdb0099e"),
          Map.entry(
              "osm ways new binary",
              "d19b188a780e231e874b7fef113046ff117a65247174f6f92bd27baf8f3baaa7"),
          Map.entry(
              "osm rels new text",
              "01577db2c80ab07320c3eab88439a25b623b96838c1a2fadc265840d700196db"),
          Map.entry(
              "osm rels new binary",
              "5008bf0ebe1869825ccfca4ec5e55973fe81b52d260df2e39cec441b39744c5c"),
          Map.entry(
              "osm nodes legacy text",
              "4a7e4ed6f70309a3190c5c5dbc3f1bc422a7b0a1bb0f6a27252b57b1a2236ae3"),
          Map.entry(
              "osm nodes legacy binary",
              "1a62d51c4e69328e42cd77a508fbcd930c69257832039aae13ec21c3a0233fa2"),
          Map.entry(
              "osm ways legacy text",
              "d3e173016f96090ebb34a3ec5fc7e9c67c656350f7234685e19e0ea9b0bcb70b"),
          Map.entry(
              "osm ways legacy binary",
              "4dc92d1801ec5c7c558f561514e1489066c293cb6736f1a18b90c802b1b11558"),
          Map.entry(
              "osm rels legacy text",
              "ceafde3e885091b385c82f69a89e4637ac8a3fb0379a2d091df94038cd688431"),
          Map.entry(
              "osm rels legacy binary",
              "5199abfa29b847244738de33793beb24819a4c68b5aa695db2543954bbded09e"),
          Map.entry(
              "pgbench_branches text",
              "cbf97d659bc690659522f150214c806dfdafa7b27ea97fb0fbe0153d41cfedaf"),
          Map.entry(
              "pgbench_branches binary",
              "d997c687e4ff2eeafcb8cfa25c4ed2409b3c9f50608a1f2786eca4bd9de82aa9"),
          Map.entry(
              "pgbench_tellers text",
              "7a1e58a2de5d1008cc12ec4bfb5a8bc332caa0091da638ec3c18db685c905e5a"),
          Map.entry(
              "pgbench_tellers binary",
              "bb629c25ac36c6638efef2f726d2f13b68085d75914ff9bca3d2d49868ded6aa"),
          Map.entry(
              "pgbench_accounts text",
              "6e3089088abc0e3c2350ac7322f12f99d947da8353bcbec3ff787442daf9c8e3"),
          Map.entry(
              "pgbench_accounts binary",
              "339968f7ebaf52090d7408a538141ae42cc509613927c8ca0ad676682fe4643c"),
          Map.entry(
              "int_arrays uniform text",
              "39557d6cb29898ea55bdcea43023767c9cb77e07028dfca886c649654748c7c8"),
          Map.entry(
              "int_arrays uniform binary",
              "d9e98e320a345770e5e2a1dfc53f09fbb5e58f6b141df9f3d94c72cccdc6fa81"),
          Map.entry(
              "int_arrays zipf text",
              "bbb96374d31ca80e812956d4a2837ebf7f3f01428e44c29e26db71f6c7ca6706"),
          Map.entry(
              "int_arrays zipf binary",
              "1a504c929b63d5c0ffdfd31736c04a8a232449f77e20b0db4bbc8bb3c1d00a92"),
          Map.entry(
              "int_arrays identical text",
              "cbb5b2aa72c3477c6906a03f93ecec04524c1fc7a521a4f96d6bcad909533e18"),
          Map.entry(
              "int_arrays identical binary",
              "b535054f31712319b35aa0370fdf0bc0ac4e6835621719dc59ec6b387e1c4940"),
          Map.entry(
              "points uniform text",
              "3371db9f5dc099dcf4b676cdcb2df831aee235c84bb32422e8ae52231da9e62f"),
          Map.entry(
              "points uniform binary",
              "4fcfbfcef006f21b4810f35f13d415eee79f2f77a06e8ef8e4d214ed3d036eb7"),
          Map.entry(
              "boxes clustered text",
              "8044ef989714b366287be63e094273030e1bfec9f17d9503393a22640fe71504"),
          Map.entry(
              "boxes clustered binary",
              "77c6ba09e74af9f4c6f5aa9c2662c2ff87e4dfbad9d350d33579cd06b1554b09"),
          Map.entry(
              "geometry planet_osm_point 4326 text",
              "7d8589052e60ba623a2a9b2882139e70a25f18f16d1467e74be70713c3305c84"),
          Map.entry(
              "geometry planet_osm_point 4326 binary",
              "ef0e4e4b21c78783361eb01c4edd99371a61e31015ab0d6e158140f169f2f53d"),
          Map.entry(
              "geometry planet_osm_line 4326 text",
              "6315dc68ffa56c9434877fbdd3ead611263bc2ac41da9a3b63dccc66f968f64d"),
          Map.entry(
              "geometry planet_osm_line 4326 binary",
              "b81974879ced16cb4146502ae0ba6e075ff94f19cf89ef26af3466d68a072831"),
          Map.entry(
              "geometry planet_osm_point 3857 text",
              "cba86d1694edfe8cc610a986fa62e0aa79c207848a470aef15fbbc772a60d4a9"),
          Map.entry(
              "geometry planet_osm_point 3857 binary",
              "81385f657d6eca6005523f66736a828111a062eec3f53cbb10c8717177c394d8"),
          Map.entry(
              "geometry planet_osm_line 3857 text",
              "177f37ecd7bcecdb4e5832b2c442d68d343fac0b1daf60e4b0948748b2f2f947"),
          Map.entry(
              "geometry planet_osm_line 3857 binary",
              "44471a68bc154528445619838eabcd4fbdd5aefee6a7eb95f6a512099aeb61c8"));

  @Test
  void generatedRowsKeepTheirBytes() throws Exception {
    Map<String, RowSource> sources = new LinkedHashMap<>();
    OsmSyntheticDataset osm = new OsmSyntheticDataset(OSM_ROWS, SEED);
    for (MiddleFormat middle : MiddleFormat.values()) {
      for (MiddleTable table : MiddleTable.values()) {
        RowSource all = osm.source(table, middle);
        // The first rows: 5,000 nodes or ways (a 36th and a 4th of them), all 250 relations.
        RowSource first = table == MiddleTable.RELS ? all : all.slice(0, (int) (all.rows() / 5000));
        sources.put("osm " + table.yamlName() + " " + middle.yamlName(), first);
      }
    }
    for (Dataset.Table t : PgbenchDataset.of(3 * 5000).tables(null)) {
      if (t.rows().rows() > 0) {
        sources.put(t.def().name(), t.rows());
      }
    }
    for (IntArrayDataset.Distribution d : IntArrayDataset.Distribution.values()) {
      RowSource rows =
          new IntArrayDataset.Spec(3000, 20, d, 10_000, SEED).tables(null).get(0).rows();
      sources.put("int_arrays " + d.yamlName(), rows);
    }
    sources.put("points uniform", points(PointDataset.Shape.UNIFORM, PointDataset.Geometry.POINT));
    sources.put("boxes clustered", points(PointDataset.Shape.CLUSTERED, PointDataset.Geometry.BOX));
    for (Srid srid : Srid.values()) {
      Map<GeometryTable, Long> rows = new LinkedHashMap<>();
      rows.put(GeometryTable.POINT, 3000L);
      rows.put(GeometryTable.LINE, 1000L);
      for (Dataset.Table t : GeometryDataset.synthetic(rows, srid, SEED).tables(null)) {
        sources.put("geometry " + t.def().name() + " " + srid.code(), t.rows());
      }
    }

    Map<String, String> actual = new LinkedHashMap<>();
    sources.forEach(
        (name, rows) -> {
          for (CopyFormat format : CopyFormat.values()) {
            actual.put(name + " " + format.sqlName(), sha256(rows, format));
          }
        });
    StringBuilder listing = new StringBuilder();
    actual.forEach(
        (k, v) -> listing.append("Map.entry(\"").append(k).append("\", \"" + v + "\"),\n"));
    assertThat(actual).as(listing.toString()).isEqualTo(EXPECTED);
  }

  private static RowSource points(PointDataset.Shape shape, PointDataset.Geometry geometry) {
    return PointDataset.of(3000, shape, geometry, SEED).tables(null).get(0).rows();
  }

  private static String sha256(RowSource rows, CopyFormat format) {
    try {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      RowEncoder encoder =
          format.encoder((bytes, offset, length) -> digest.update(bytes, offset, length));
      rows.writeTo(encoder);
      encoder.finish();
      return HexFormat.of().formatHex(digest.digest());
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }
}
