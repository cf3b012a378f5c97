package org.pgloadbench.recipe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.pgloadbench.dataset.Dataset;
import org.pgloadbench.dataset.IntArrayDataset;
import org.pgloadbench.dataset.PgbenchDataset;
import org.pgloadbench.dataset.PointDataset;
import org.pgloadbench.scenario.Axis;
import org.pgloadbench.server.Embedded;
import org.pgloadbench.server.PostgresServer;
import org.pgloadbench.variant.LoadVariant;
import org.pgloadbench.variant.LoaderKind;

/**
 * Every loader through the load step on a real server: the rows it reports are checked, and the
 * table holds exactly what COPY loads from the same source (int4[], point, char with NULLs).
 */
@Tag("server")
class InsertLoaderTest {
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

  static List<Dataset.Table> tables() {
    return List.of(
        new IntArrayDataset.Spec(1003, 20, IntArrayDataset.Distribution.ZIPF, 500, 2)
            .tables(null)
            .get(0),
        PointDataset.of(1003, PointDataset.Shape.UNIFORM, PointDataset.Geometry.POINT, 2)
            .tables(null)
            .get(0),
        PgbenchDataset.of(1003).tables(null).get(1),
        PgbenchDataset.of(1003).tables(null).get(2));
  }

  @ParameterizedTest
  @CsvSource({
    "insert, 1, 0",
    "insert, 1, 100",
    "insert_values, 100, 0",
    "insert_values, 1000, 250",
    "batch, 100, 0",
    "batch, 64, 300",
    "batch_rewrite, 100, 0",
  })
  void loadsWhatCopyLoads(String loader, int batchSize, long commitEvery) throws Exception {
    LoadVariant variant = variant(LoaderKind.named(loader).orElseThrow(), batchSize, commitEvery);
    for (Dataset.Table table : tables()) {
      String expected = loadAndDigest(table, variant(LoaderKind.COPY, 1000, 0));
      assertThat(loadAndDigest(table, variant)).as(table.def().name()).isEqualTo(expected);
    }
  }

  @Test
  void aServerErrorSurfacesAsTheStepsFailure() throws Exception {
    Dataset.Table table = tables().get(0);
    try (Connection c = connection(LoaderKind.INSERT_VALUES)) {
      try (Statement s = c.createStatement()) {
        s.execute("DROP TABLE IF EXISTS int_arrays");
        // a column too narrow for the generated arrays: every statement fails
        s.execute(
            "CREATE TABLE int_arrays (id int4 PRIMARY KEY, a int4[] CHECK (cardinality(a) < 5))");
      }
      TableLoad load =
          new TableLoad(
              table.def(), table.rows(), variant(LoaderKind.INSERT_VALUES, 10, 0), List.of(c));
      assertThatThrownBy(() -> LoadRows.run(load))
          .isInstanceOf(SQLException.class)
          .hasMessageContaining("check constraint");
    }
  }

  /** Creates the table, loads it through the load step, returns its count and row digest. */
  private static String loadAndDigest(Dataset.Table table, LoadVariant variant) throws Exception {
    try (Connection c = connection(variant.loader());
        Statement s = c.createStatement()) {
      s.execute("DROP TABLE IF EXISTS " + table.def().name());
      s.execute(table.def().createSql(true, false));
      long rows = LoadRows.run(new TableLoad(table.def(), table.rows(), variant, List.of(c)));
      assertThat(rows).isEqualTo(table.rows().rows());
      assertThat(c.getAutoCommit()).isTrue();
      try (ResultSet r =
          s.executeQuery(
              "SELECT count(*) || ':' || md5(string_agg(t::text, '|' ORDER BY t::text)) FROM "
                  + table.def().name()
                  + " t")) {
        r.next();
        return r.getString(1);
      }
    }
  }

  private static Connection connection(LoaderKind loader) throws SQLException {
    Properties properties = new Properties();
    if (loader == LoaderKind.BATCH_REWRITE) {
      properties.setProperty("reWriteBatchedInserts", "true");
    }
    return server.connect(PostgresServer.MAINTENANCE_DATABASE, properties);
  }

  private static LoadVariant variant(LoaderKind loader, int batchSize, long commitEvery) {
    return Axis.variant(Map.of())
        .with("loader", loader)
        .with("batch_size", batchSize)
        .with("commit_every", commitEvery);
  }
}
