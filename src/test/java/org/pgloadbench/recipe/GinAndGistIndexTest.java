package org.pgloadbench.recipe;

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
import org.pgloadbench.dataset.Dataset;
import org.pgloadbench.dataset.IntArrayDataset;
import org.pgloadbench.dataset.PointDataset;
import org.pgloadbench.scenario.Axis;
import org.pgloadbench.server.Embedded;
import org.pgloadbench.server.PostgresServer;
import org.pgloadbench.variant.LoadVariant;

/**
 * The GIN index of int-arrays and the GiST index of points through the shared index mechanism, on a
 * real server: fastupdate and gin_pending_list_limit reach the index, rows inserted with fastupdate
 * on wait in the pending list until VACUUM merges it, and a GiST build after the load is one step
 * naming its index.
 */
@Tag("server")
class GinAndGistIndexTest {
  @TempDir static Path workRoot;
  static PostgresServer server;

  static final Dataset.Table ARRAYS =
      new IntArrayDataset.Spec(2000, 20, IntArrayDataset.Distribution.ZIPF, 1000, 3)
          .tables(null)
          .get(0);

  @BeforeAll
  static void start() throws Exception {
    server = Embedded.target(workRoot).start("17", Map.of("autovacuum", "off"));
    try (Connection c = server.connect(PostgresServer.MAINTENANCE_DATABASE);
        Statement s = c.createStatement()) {
      s.execute("CREATE EXTENSION pgstattuple");
    }
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void fastupdateOnFillsThePendingListThatVacuumMerges() throws Exception {
    try (Connection c = server.connect(PostgresServer.MAINTENANCE_DATABASE);
        Statement s = c.createStatement()) {
      LoadVariant on =
          variant(
              Map.of(
                  "indexes", "now",
                  "fastupdate", "on",
                  "gin_pending_list_limit", "1GB",
                  "loader", "insert_values",
                  "batch_size", "100"));
      load(c, ARRAYS, on, List.of("drop", "create", "copy"));
      assertThat(reloptions(s, "int_arrays_a_idx"))
          .isEqualTo("{fastupdate=on,gin_pending_list_limit=1048576}");
      assertThat(pendingPages(s)).isPositive();
      load(c, ARRAYS, on, List.of("vacuum"));
      assertThat(pendingPages(s)).isZero();
      assertThat(matches(s)).isPositive();

      LoadVariant off =
          variant(
              Map.of(
                  "indexes", "now",
                  "fastupdate", "off",
                  "loader", "insert_values",
                  "batch_size", "100"));
      load(c, ARRAYS, off, List.of("drop", "create", "copy"));
      assertThat(reloptions(s, "int_arrays_a_idx")).isEqualTo("{fastupdate=off}");
      assertThat(pendingPages(s)).isZero();
      long withIndex = matches(s);

      // built after the load: the indexes step is one step, naming the index
      LoadVariant later = variant(Map.of());
      List<Step> steps =
          Recipe.of(
              RecipeTest.kinds(List.of("drop", "create", "copy", "indexes")), later, ARRAYS.def());
      assertThat(steps).extracting(Step::object).last().isEqualTo("int_arrays_a_idx");
      load(c, ARRAYS, later, List.of("drop", "create", "copy", "indexes"));
      assertThat(matches(s)).isEqualTo(withIndex);
    }
  }

  @Test
  void gistOnPointsIsBuiltAfterTheLoad() throws Exception {
    Dataset.Table points =
        PointDataset.of(3000, PointDataset.Shape.CLUSTERED, PointDataset.Geometry.POINT, 3)
            .tables(null)
            .get(0);
    try (Connection c = server.connect(PostgresServer.MAINTENANCE_DATABASE);
        Statement s = c.createStatement()) {
      List<Step> steps =
          Recipe.of(
              RecipeTest.kinds(List.of("create", "copy", "indexes")),
              variant(Map.of()),
              points.def());
      assertThat(steps).extracting(Step::object).last().isEqualTo("points_p_idx");
      load(c, points, variant(Map.of()), List.of("create", "copy", "indexes"));
      try (ResultSet r =
          s.executeQuery(
              "SELECT am.amname FROM pg_class i JOIN pg_am am ON am.oid = i.relam"
                  + " WHERE i.relname = 'points_p_idx'")) {
        assertThat(r.next()).isTrue();
        assertThat(r.getString(1)).isEqualTo("gist");
      }
      s.execute("SET enable_seqscan = off");
      try (ResultSet r =
          s.executeQuery("SELECT count(*) FROM points WHERE p <@ box '((-180,-90),(180,90))'")) {
        r.next();
        assertThat(r.getLong(1)).isEqualTo(3000);
      }
      s.execute("RESET enable_seqscan");
    }
  }

  private static void load(
      Connection c, Dataset.Table table, LoadVariant variant, List<String> names)
      throws SQLException {
    for (Step step : Recipe.of(RecipeTest.kinds(names), variant, table.def())) {
      step.run(new TableLoad(table.def(), table.rows(), variant, List.of(c)));
    }
  }

  private static LoadVariant variant(Map<String, String> axes) {
    return Axis.variant(axes);
  }

  private static String reloptions(Statement s, String index) throws SQLException {
    try (ResultSet r =
        s.executeQuery("SELECT reloptions FROM pg_class WHERE relname = '" + index + "'")) {
      r.next();
      return r.getString(1);
    }
  }

  private static long pendingPages(Statement s) throws SQLException {
    try (ResultSet r =
        s.executeQuery("SELECT pending_pages FROM pgstatginindex('int_arrays_a_idx')")) {
      r.next();
      return r.getLong(1);
    }
  }

  /** Rows holding the most frequent value, found through the index. */
  private static long matches(Statement s) throws SQLException {
    s.execute("SET enable_seqscan = off");
    try (ResultSet r = s.executeQuery("SELECT count(*) FROM int_arrays WHERE a @> '{1}'")) {
      r.next();
      return r.getLong(1);
    } finally {
      s.execute("RESET enable_seqscan");
    }
  }
}
