package org.pgloadbench.recipe;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.pgloadbench.dataset.MiddleTable;
import org.pgloadbench.dataset.OsmSyntheticDataset;
import org.pgloadbench.dataset.RowSource;
import org.pgloadbench.dataset.TableDef;
import org.pgloadbench.scenario.Axis;
import org.pgloadbench.server.Embedded;
import org.pgloadbench.server.PostgresServer;
import org.pgloadbench.variant.LoadVariant;
import org.pgloadbench.variant.MiddleFormat;

/**
 * The unlogged, index and freeze steps on real servers, oldest and newest supported: what they
 * leave in the catalog and the WAL. Steps are run by hand here (untimed), each test in a database
 * of its own.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Tag("server")
class LoggingAndIndexStepsTest {
  static final OsmSyntheticDataset DATA =
      new OsmSyntheticDataset(Map.of("ways", 4000L, "rels", 300L), 11);
  static final TableDef WAYS = MiddleTable.WAYS.tableDef(MiddleFormat.NEW);
  static final TableDef RELS = MiddleTable.RELS.tableDef(MiddleFormat.NEW);

  @TempDir static Path workRoot;
  final Map<String, PostgresServer> servers = new HashMap<>();
  final AtomicInteger databases = new AtomicInteger();

  @AfterAll
  void stopServers() {
    servers.values().forEach(PostgresServer::close);
  }

  @ParameterizedTest
  @ValueSource(strings = {"14", "18"})
  void freezeIntoAnUnloggedTableThenSetLoggedWritesTheTableToWalAndUnfreezesIt(String version)
      throws Exception {
    try (Connection c = freshDatabase(version)) {
      Map<String, String> axes = Map.of("unlogged", "true", "freeze", "true");
      run(c, WAYS, axes, "create");
      long start = walPosition(c);
      run(c, WAYS, axes, "copy");
      long copyWal = walPosition(c) - start;
      assertThat(persistence(c, WAYS)).isEqualTo("u");
      assertThat(count(c, "SELECT count(*) FROM planet_osm_ways")).isEqualTo(4000);
      // every page holding rows is all-frozen: FREEZE took effect on the unlogged table
      long pagesInUse =
          count(c, "SELECT count(DISTINCT (ctid::text::point)[0]) FROM planet_osm_ways");
      assertThat(count(c, "SELECT all_frozen FROM pg_visibility_map_summary('planet_osm_ways')"))
          .isPositive()
          .isEqualTo(pagesInUse);
      long heap = pagesInUse * 8192;
      assertThat(copyWal).isLessThan(heap / 20);

      long before = walPosition(c);
      run(c, WAYS, axes, "set_logged");
      long setLoggedWal = walPosition(c) - before;
      assertThat(persistence(c, WAYS)).isEqualTo("p");
      assertThat(setLoggedWal).isGreaterThan(heap / 2);
      assertThat(count(c, "SELECT count(*) FROM planet_osm_ways")).isEqualTo(4000);

      // SET LOGGED rewrites the table, inserting every row afresh under its own transaction: what
      // FREEZE froze is no longer frozen, and a plain VACUUM marks the pages all-visible only.
      run(c, WAYS, axes, "vacuum");
      String summary = "SELECT %s FROM pg_visibility_map_summary('planet_osm_ways')";
      assertThat(count(c, summary.formatted("all_visible"))).isEqualTo(pagesInUse);
      assertThat(count(c, summary.formatted("all_frozen"))).isZero();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"14", "18"})
  void indexesNowExistBeforeTheCopyWhichFillsThemEvenWithFreeze(String version) throws Exception {
    try (Connection c = freshDatabase(version)) {
      Map<String, String> axes = Map.of("indexes", "now", "freeze", "true", "unlogged", "true");
      run(c, RELS, axes, "create");
      assertThat(indexes(c, RELS))
          .containsExactly(
              "planet_osm_rels_node_members_idx",
              "planet_osm_rels_pkey",
              "planet_osm_rels_way_members_idx");
      long empty = count(c, "SELECT pg_relation_size('planet_osm_rels_way_members_idx')");
      run(c, RELS, axes, "copy");
      assertThat(count(c, "SELECT pg_relation_size('planet_osm_rels_way_members_idx')"))
          .isGreaterThan(empty);
      assertThat(count(c, "SELECT count(*) FROM pg_index WHERE NOT indisvalid")).isZero();
      // the index answers as a scan of the table does
      long withIndex = relationsWithWay(c, true);
      assertThat(withIndex).isPositive().isEqualTo(relationsWithWay(c, false));
      // nothing left for the indexes step
      assertThat(Recipe.of(List.of(StepKind.INDEXES), Axis.variant(axes), RELS)).isEmpty();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"14", "18"})
  void indexesLaterAreBuiltOneStepEachAndTheBucketIndexIsTheSmaller(String version)
      throws Exception {
    try (Connection c = freshDatabase(version)) {
      run(c, WAYS, Map.of(), "create", "copy");
      assertThat(indexes(c, WAYS)).containsExactly("planet_osm_ways_pkey");
      List<Step> bucket = run(c, WAYS, Map.of(), "indexes");
      assertThat(bucket)
          .extracting(Step::object)
          .containsExactly("planet_osm_ways_nodes_bucket_idx");
      // the full GIN index on the same rows, beside it
      run(c, WAYS, Map.of("ways_index", "full"), "indexes");
      assertThat(indexes(c, WAYS))
          .containsExactly(
              "planet_osm_ways_nodes_bucket_idx",
              "planet_osm_ways_nodes_idx",
              "planet_osm_ways_pkey");
      assertThat(count(c, "SELECT pg_relation_size('planet_osm_ways_nodes_bucket_idx')"))
          .isPositive()
          .isLessThan(count(c, "SELECT pg_relation_size('planet_osm_ways_nodes_idx')"));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"14", "18"})
  void vacuumFreezeAfterAPlainCopyLeavesEveryPageAllFrozenAsCopyFreezeDoes(String version)
      throws Exception {
    try (Connection c = freshDatabase(version)) {
      run(c, WAYS, Map.of(), "create", "copy");
      String summary = "SELECT all_frozen FROM pg_visibility_map_summary('planet_osm_ways')";
      assertThat(count(c, summary)).isZero();
      long pagesInUse =
          count(c, "SELECT count(DISTINCT (ctid::text::point)[0]) FROM planet_osm_ways");
      long before = walPosition(c);
      assertThat(run(c, WAYS, Map.of(), "vacuum_freeze"))
          .extracting(Step::kind)
          .containsExactly(StepKind.VACUUM_FREEZE);
      assertThat(count(c, summary)).isEqualTo(pagesInUse);
      // freezing a loaded table is written to the WAL page by page, the work COPY FREEZE spares
      assertThat(walPosition(c) - before).isPositive();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"14", "18"})
  void checkpointStepCompletesACheckpoint(String version) throws Exception {
    try (Connection c = freshDatabase(version)) {
      run(c, RELS, Map.of(), "create", "copy");
      String redo = "SELECT redo_lsn::text FROM pg_control_checkpoint()";
      String before = text(c, redo);
      run(c, RELS, Map.of(), "checkpoint");
      assertThat(text(c, redo)).isNotEqualTo(before);
      assertThat(walPosition(c)).isGreaterThan(0);
    }
  }

  /** Runs the named steps of one table as the runner would, untimed; returns them. */
  private static List<Step> run(
      Connection c, TableDef table, Map<String, String> axes, String... names) throws SQLException {
    LoadVariant variant = Axis.variant(axes);
    RowSource rows =
        DATA.source(
            MiddleTable.find(table == WAYS ? "ways" : "rels").orElseThrow(),
            variant.middleFormat());
    List<Step> steps = Recipe.of(RecipeTest.kinds(List.of(names)), variant, table);
    for (Step step : steps) {
      step.run(new TableLoad(table, rows, variant, List.of(c)));
    }
    return steps;
  }

  private Connection freshDatabase(String version) throws Exception {
    PostgresServer server = servers.get(version);
    if (server == null) {
      server = Embedded.target(workRoot).start(version, Map.of("autovacuum", "off"));
      servers.put(version, server);
    }
    String name = "steps" + databases.incrementAndGet();
    try (Connection admin = server.connect(PostgresServer.MAINTENANCE_DATABASE);
        Statement s = admin.createStatement()) {
      s.execute("CREATE DATABASE " + name);
    }
    Connection c = server.connect(name);
    try (Statement s = c.createStatement()) {
      s.execute("CREATE EXTENSION pg_visibility");
    }
    return c;
  }

  private static long relationsWithWay(Connection c, boolean index) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("SET enable_seqscan = " + !index);
      s.execute("SET enable_bitmapscan = " + index);
      long way =
          count(
              c,
              "SELECT min((m->>'ref')::int8) FROM planet_osm_rels,"
                  + " jsonb_array_elements(members) m WHERE m->>'type' = 'W'");
      return count(
          c,
          "SELECT count(*) FROM planet_osm_rels"
              + " WHERE planet_osm_member_ids(members, 'W'::char) @> ARRAY["
              + way
              + "::int8]");
    }
  }

  private static List<String> indexes(Connection c, TableDef table) throws SQLException {
    List<String> names = new ArrayList<>();
    try (Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT indexname FROM pg_indexes WHERE tablename = '"
                    + table.name()
                    + "' ORDER BY 1")) {
      while (rs.next()) {
        names.add(rs.getString(1));
      }
    }
    return names;
  }

  private static String persistence(Connection c, TableDef table) throws SQLException {
    return text(c, "SELECT relpersistence FROM pg_class WHERE relname = '" + table.name() + "'");
  }

  private static long walPosition(Connection c) throws SQLException {
    return count(c, "SELECT pg_current_wal_insert_lsn() - '0/0'::pg_lsn");
  }

  private static long count(Connection c, String sql) throws SQLException {
    return Long.parseLong(text(c, sql));
  }

  private static String text(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getString(1);
    }
  }
}
