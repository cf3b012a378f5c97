package org.pgloadbench.dataset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.pgloadbench.dataset.CapturingEncoder.rowsOf;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
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
import org.pgloadbench.dataset.CapturingEncoder.Geometry;
import org.pgloadbench.dataset.Dataset.Table;
import org.pgloadbench.server.LocalTarget;
import org.pgloadbench.server.PostgresServer;
import org.pgloadbench.server.WorkRoots;
import org.postgresql.copy.CopyIn;
import org.postgresql.copy.CopyManager;
import org.postgresql.core.BaseConnection;

/**
 * The geometry dataset in PostGIS: Debian's PostgreSQL 15 with postgresql-15-postgis-3, started by
 * the harness's launcher, loads the synthetic points and lines and a PBF file's lines by text COPY
 * (hex EWKB) and by binary COPY (EWKB). The rows are the generator's (counts, SRID, geometry types,
 * and a sample's ST_AsText against geometries PostGIS builds from the generator's coordinates), and
 * both formats give identical tables. Skipped where the packages are missing.
 */
@Tag("server")
class GeometryPostgisTest {
  static final Path PG15 = Path.of("/usr/lib/postgresql/15/bin");
  static final Path POSTGIS = Path.of("/usr/share/postgresql/15/extension/postgis.control");

  @TempDir static Path dir;
  static PostgresServer server;
  static List<Table> pbfTables;

  @BeforeAll
  static void start() throws Exception {
    assumeThat(Files.isExecutable(PG15.resolve("postgres")) && Files.exists(POSTGIS))
        .as(
            "needs Debian's PostgreSQL 15 and PostGIS: apt-get install -y postgresql-15"
                + " postgresql-15-postgis-3 (.ci/run installs them)")
        .isTrue();
    LocalTarget target =
        new LocalTarget(
            Map.of(LocalTarget.UNLABELLED, PG15.toString()),
            WorkRoots.enterable(dir).resolve("servers"));
    // durability is not what this test checks: no fsync makes the start and stop quicker
    server = target.start(LocalTarget.UNLABELLED, Map.of("fsync", "off"));
    // PostGIS created once, in a template the four databases copy: one CREATE EXTENSION, not four
    try (Connection c = server.connect(PostgresServer.MAINTENANCE_DATABASE);
        Statement s = c.createStatement()) {
      s.execute("CREATE DATABASE gis TEMPLATE template0");
      try (Connection gis = server.connect("gis");
          Statement g = gis.createStatement()) {
        g.execute("CREATE EXTENSION postgis");
      }
      for (String db : List.of("syn_text", "syn_binary", "pbf_text", "pbf_binary")) {
        s.execute("CREATE DATABASE " + db + " TEMPLATE gis");
      }
    }
    load("syn", GeometryDatasetTest.synthetic(3000, 1000, Srid.WEB_MERCATOR));
    OsmPbfDataset pbf =
        OsmPbfDataset.prepare(
            GeometryDatasetTest.LIECHTENSTEIN,
            List.of(MiddleTable.values()),
            dir.resolve("cache"),
            note -> {});
    pbfTables =
        GeometryDataset.fromFile(
                GeometryCache.of(pbf, note -> {}), List.of(GeometryTable.values()), Srid.WGS84)
            .tables(null);
    load("pbf", pbfTables);
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  /** Every table into {@code <prefix>_text} by text COPY and {@code <prefix>_binary} by binary. */
  static void load(String prefix, List<Table> tables) throws Exception {
    for (CopyFormat format : CopyFormat.values()) {
      try (Connection c = server.connect(prefix + "_" + format.sqlName())) {
        for (Table table : tables) {
          copy(c, table, format);
          try (Statement s = c.createStatement()) {
            s.execute(table.def().indexes().get(0).createSql(null)); // osm2pgsql's GiST index
          }
        }
      }
    }
  }

  private static void copy(Connection c, Table table, CopyFormat format) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute(table.def().createSql(true, false));
    }
    CopyIn copy =
        new CopyManager(c.unwrap(BaseConnection.class))
            .copyIn(
                "COPY "
                    + table.def().name()
                    + " ("
                    + table.def().columnList()
                    + ") FROM STDIN (FORMAT "
                    + format.sqlName()
                    + ")");
    try {
      RowEncoder encoder = format.encoder(copy::writeToCopy);
      table.rows().writeTo(encoder);
      encoder.finish();
      assertThat(copy.endCopy()).isEqualTo(table.rows().rows());
    } finally {
      if (copy.isActive()) {
        copy.cancelCopy();
      }
    }
  }

  @Test
  void theRowsLoadedAreTheGenerators() throws Exception {
    List<Table> tables = GeometryDatasetTest.synthetic(3000, 1000, Srid.WEB_MERCATOR);
    for (CopyFormat format : CopyFormat.values()) {
      try (Connection c = server.connect("syn_" + format.sqlName())) {
        for (Table table : tables) {
          String name = table.def().name();
          String type = name.endsWith("point") ? "ST_Point" : "ST_LineString";
          assertThat(
                  one(
                      c,
                      "SELECT count(*) || ' ' || string_agg(DISTINCT ST_SRID(way)::text, ',')"
                          + " || ' ' || string_agg(DISTINCT ST_GeometryType(way), ',') FROM "
                          + name))
              .as("%s by %s COPY", name, format)
              .isEqualTo(table.rows().rows() + " 3857 " + type);
          List<List<Object>> expected = rowsOf(table.rows());
          for (int k : new int[] {0, 1, 999, (int) table.rows().rows() - 1}) {
            assertSameGeometry(
                c, name, (long) expected.get(k).get(0), (Geometry) expected.get(k).get(1));
          }
        }
      }
    }
  }

  /**
   * The row's geometry as ST_AsText prints it equals the geometry PostGIS builds from the
   * generator's coordinates, bound as float8, and its coordinates are those doubles exactly.
   */
  private static void assertSameGeometry(Connection c, String table, long id, Geometry expected)
      throws SQLException {
    List<Double> xy = expected.xy();
    StringBuilder points = new StringBuilder();
    for (int i = 0; i < xy.size(); i += 2) {
      points.append(i == 0 ? "" : ", ").append("ST_MakePoint(?, ?)");
    }
    boolean point = expected.type().equals("POINT");
    String built = point ? points.toString() : "ST_MakeLine(ARRAY[" + points + "])";
    String first = point ? "way" : "ST_StartPoint(way)";
    String last = point ? "way" : "ST_EndPoint(way)";
    try (PreparedStatement s =
        c.prepareStatement(
            "SELECT ST_AsText(way), ST_AsText(ST_SetSRID("
                + built
                + ", ?)), ST_X("
                + first
                + "), ST_Y("
                + last
                + ") FROM "
                + table
                + " WHERE osm_id = ?")) {
      int p = 0;
      for (double v : xy) {
        s.setDouble(++p, v);
      }
      s.setInt(++p, expected.srid());
      s.setLong(++p, id);
      try (ResultSet rs = s.executeQuery()) {
        assertThat(rs.next()).as("%s row %d", table, id).isTrue();
        assertThat(rs.getString(1)).as("%s row %d", table, id).isEqualTo(rs.getString(2));
        assertThat(rs.getDouble(3)).isEqualTo(xy.get(0));
        assertThat(rs.getDouble(4)).isEqualTo(xy.get(xy.size() - 1));
      }
    }
  }

  @Test
  void textAndBinaryCopyGiveIdenticalTables() throws Exception {
    for (String prefix : List.of("syn", "pbf")) {
      for (String table : List.of("planet_osm_point", "planet_osm_line")) {
        List<String> text = ewkb(prefix + "_text", table);
        List<String> binary = ewkb(prefix + "_binary", table);
        assertThat(text).as("%s %s", prefix, table).hasSizeGreaterThan(100);
        assertThat(binary).as("%s %s", prefix, table).isEqualTo(text);
      }
    }
  }

  @Test
  void aPbfFilesGeometriesAreItsTaggedNodesAndWaysInDegrees() throws Exception {
    try (Connection c = server.connect("pbf_binary")) {
      for (Table table : pbfTables) {
        assertThat(
                one(
                    c,
                    "SELECT count(*) || ' ' || string_agg(DISTINCT ST_SRID(way)::text, ',') FROM "
                        + table.def().name()))
            .isEqualTo(table.rows().rows() + " 4326");
      }
      // the extract's ways lie around Liechtenstein (9.4 to 9.7 degrees east, 46.8 to 47.5 north)
      assertThat(
              one(
                  c,
                  "SELECT ST_Contains(ST_MakeEnvelope(9.3, 46.7, 9.8, 47.6),"
                      + " ST_Extent(way)::geometry) FROM planet_osm_line"))
          .isEqualTo("t");
      assertThat(one(c, "SELECT min(ST_NPoints(way)) FROM planet_osm_line")).isEqualTo("2");
    }
  }

  /** Every row's osm_id and EWKB, in physical (load) order. */
  private static List<String> ewkb(String db, String table) throws SQLException {
    try (Connection c = server.connect(db);
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT osm_id || ' ' || encode(ST_AsEWKB(way), 'hex') FROM "
                    + table
                    + " ORDER BY ctid")) {
      List<String> rows = new java.util.ArrayList<>();
      while (rs.next()) {
        rows.add(rs.getString(1));
      }
      return rows;
    }
  }

  private static String one(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getString(1);
    }
  }
}
