package org.pgloadbench.dataset;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.copy.CopyFormat;
import org.pgloadbench.copy.RowEncoder;
import org.pgloadbench.dataset.IntArrayDataset.Distribution;
import org.pgloadbench.dataset.PointDataset.Geometry;
import org.pgloadbench.dataset.PointDataset.Shape;
import org.pgloadbench.scenario.Axis;
import org.pgloadbench.server.Embedded;
import org.pgloadbench.server.PostgresServer;
import org.pgloadbench.variant.LoadVariant;
import org.postgresql.copy.CopyIn;
import org.postgresql.copy.CopyManager;
import org.postgresql.core.BaseConnection;

/**
 * The int-arrays and points datasets: their shapes, exact slices, and the same table content loaded
 * by text and binary COPY on a real server.
 */
@Tag("server")
class GeneratedDatasetsTest {
  /** The generated tables do not depend on the cell. */
  static final LoadVariant ANY = Axis.variant(Map.of());

  @TempDir static Path workRoot;
  static PostgresServer server;

  @BeforeAll
  static void start() throws Exception {
    server = Embedded.target(workRoot).start("17", Map.of());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void identicalArraysAreOneToElements() {
    var rows = rowsOf(new IntArrayDataset.Spec(3, 4, Distribution.IDENTICAL, 10, 1));
    assertThat(rows)
        .containsExactly(
            List.of(1, List.of(1, 2, 3, 4)),
            List.of(2, List.of(1, 2, 3, 4)),
            List.of(3, List.of(1, 2, 3, 4)));
  }

  @Test
  void uniformAndZipfStayInTheDomainAndZipfIsSkewed() {
    int[] uniform = counts(new IntArrayDataset.Spec(2000, 10, Distribution.UNIFORM, 100, 5), 100);
    int[] zipf = counts(new IntArrayDataset.Spec(2000, 10, Distribution.ZIPF, 100, 5), 100);
    // 20,000 draws over 100 values: uniform gives each about 200; Zipf gives 1 about 15%.
    assertThat(uniform[1]).isBetween(120, 280);
    assertThat(zipf[1]).isGreaterThan(2000);
    assertThat(zipf[1]).isGreaterThan(zipf[10] * 3).isGreaterThan(zipf[50] * 10);
  }

  @Test
  void slicesConcatenateToTheWholeTable() {
    Dataset data = PointDataset.of(1001, Shape.CLUSTERED, Geometry.BOX, 3);
    RowSource all = data.tables(ANY).get(0).rows();
    List<List<Object>> parts = new java.util.ArrayList<>();
    for (int i = 0; i < 3; i++) {
      parts.addAll(CapturingEncoder.rowsOf(all.slice(i, 3)));
    }
    assertThat(parts).isEqualTo(CapturingEncoder.rowsOf(all)).hasSize(1001);
  }

  @Test
  void intArraysLoadTheSameInTextAndBinary() throws Exception {
    for (Distribution d : Distribution.values()) {
      Dataset data = new IntArrayDataset.Spec(500, 50, d, 1000, 9);
      assertThat(load(data, CopyFormat.TEXT)).isEqualTo(load(data, CopyFormat.BINARY));
    }
    try (Connection c = server.connect(PostgresServer.MAINTENANCE_DATABASE);
        Statement s = c.createStatement()) {
      copy(c, new IntArrayDataset.Spec(200, 30, Distribution.ZIPF, 1000, 9), CopyFormat.BINARY);
      ResultSet r =
          s.executeQuery(
              "SELECT count(*), min(cardinality(a)), max(cardinality(a)), min(x), max(x)"
                  + " FROM int_arrays, unnest(a) x");
      r.next();
      assertThat(r.getLong(1)).isEqualTo(200 * 30);
      assertThat(r.getInt(2)).isEqualTo(30);
      assertThat(r.getInt(3)).isEqualTo(30);
      assertThat(r.getInt(4)).isGreaterThanOrEqualTo(1);
      assertThat(r.getInt(5)).isLessThanOrEqualTo(1000);
      s.execute("DROP TABLE int_arrays");
    }
  }

  @Test
  void pointsAndBoxesLoadTheSameInTextAndBinary() throws Exception {
    for (Geometry g : Geometry.values()) {
      for (Shape shape : Shape.values()) {
        Dataset data = PointDataset.of(700, shape, g, 4);
        assertThat(load(data, CopyFormat.TEXT)).isEqualTo(load(data, CopyFormat.BINARY));
      }
    }
    try (Connection c = server.connect(PostgresServer.MAINTENANCE_DATABASE);
        Statement s = c.createStatement()) {
      copy(c, PointDataset.of(2000, Shape.CLUSTERED, Geometry.POINT, 4), CopyFormat.TEXT);
      ResultSet r =
          s.executeQuery(
              "SELECT count(*), min(p[0]) >= -180, max(p[0]) <= 180,"
                  + " count(DISTINCT (round(p[0]::numeric, 0), round(p[1]::numeric, 0)))"
                  + " FROM points");
      r.next();
      assertThat(r.getLong(1)).isEqualTo(2000);
      assertThat(r.getBoolean(2)).isTrue();
      assertThat(r.getBoolean(3)).isTrue();
      // 1,000 clusters with a spread of 0.05°: far fewer distinct whole degrees than rows
      assertThat(r.getLong(4)).isLessThan(1300);
      s.execute("DROP TABLE points");
    }
  }

  /** Loads {@code data} into a fresh table and returns a digest of its ordered rows. */
  private static String load(Dataset data, CopyFormat format) throws SQLException {
    try (Connection c = server.connect(PostgresServer.MAINTENANCE_DATABASE);
        Statement s = c.createStatement()) {
      TableDef def = data.tables(ANY).get(0).def();
      copy(c, data, format);
      ResultSet r =
          s.executeQuery(
              "SELECT count(*) || ':' || md5(string_agg(t::text, '|' ORDER BY id)) FROM "
                  + def.name()
                  + " t");
      r.next();
      String digest = r.getString(1);
      s.execute("DROP TABLE " + def.name());
      return digest;
    }
  }

  private static void copy(Connection c, Dataset data, CopyFormat format) throws SQLException {
    Dataset.Table table = data.tables(ANY).get(0);
    try (Statement s = c.createStatement()) {
      s.execute(table.def().createSql(true, false));
    }
    CopyIn copy =
        new CopyManager(c.unwrap(BaseConnection.class))
            .copyIn("COPY " + table.def().name() + " FROM STDIN (FORMAT " + format.sqlName() + ")");
    RowEncoder encoder = format.encoder(copy::writeToCopy);
    table.rows().writeTo(encoder);
    encoder.finish();
    assertThat(copy.endCopy()).isEqualTo(table.rows().rows());
  }

  private static List<List<Object>> rowsOf(Dataset data) {
    return CapturingEncoder.rowsOf(data.tables(ANY).get(0).rows());
  }

  @SuppressWarnings("unchecked")
  private static int[] counts(Dataset data, int domain) {
    int[] counts = new int[domain + 1];
    for (List<Object> row : rowsOf(data)) {
      for (Object value : (List<Object>) row.get(1)) {
        counts[(Integer) value]++;
      }
    }
    return counts;
  }
}
