package org.pgloadbench.overhead;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.copy.CopyFormat;
import org.pgloadbench.dataset.MiddleTable;
import org.pgloadbench.dataset.OsmSyntheticDataset;
import org.pgloadbench.dataset.RowSource;
import org.pgloadbench.overhead.HeadToHead.Case;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.results.StoredRun;
import org.pgloadbench.run.Rounds;
import org.pgloadbench.scenario.ScenarioLoader;
import org.pgloadbench.server.Embedded;
import org.pgloadbench.server.PostgresServer;
import org.pgloadbench.server.WorkRoots;
import org.pgloadbench.variant.MiddleFormat;

/**
 * Short real head-to-heads on one server: every contender loads every row, each load is stored as a
 * step of its contender's cell, the files hold exactly the harness's bytes, and the report is
 * written from what was stored. Nothing here asserts speed.
 */
@Tag("server")
class HeadToHeadTest {
  @TempDir static Path dir;
  static PostgresServer server;
  static final OsmSyntheticDataset DATA =
      new OsmSyntheticDataset(Map.of("nodes", 4000L, "ways", 1500L, "rels", 300L), 3);

  @BeforeAll
  static void start() throws Exception {
    server = Embedded.target(WorkRoots.enterable(dir).resolve("servers")).start("17", Map.of());
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void harnessAgainstTheServerReadingTheSameBytesFromAFile() throws Exception {
    Path results = dir.resolve("results-server-file");
    StoredRun run =
        run(
            results,
            List.of(
                Contenders.HARNESS_COPY,
                Contenders.SERVER_FILE_COPY,
                Contenders.STREAMED_FILE,
                new EncodeOnly()),
            List.of(
                new Case(
                    MiddleTable.NODES.tableDef(MiddleFormat.NEW),
                    rows(MiddleTable.NODES),
                    null,
                    CopyFormat.TEXT,
                    1),
                new Case(
                    MiddleTable.WAYS.tableDef(MiddleFormat.NEW),
                    rows(MiddleTable.WAYS),
                    null,
                    CopyFormat.BINARY,
                    2),
                new Case(
                    MiddleTable.RELS.tableDef(MiddleFormat.LEGACY),
                    DATA.source(MiddleTable.RELS, MiddleFormat.LEGACY),
                    "legacy",
                    CopyFormat.BINARY,
                    1)));

    // two measured rounds (the warm-up one dropped); encode-only for one connection only
    List<StepResult> loads = run.measured();
    assertThat(loads).hasSize(2 * (4 + 3 + 4)).allMatch(StepResult::ok, "ok");
    assertThat(loads).extracting(StepResult::repetition).containsOnly(1, 2);
    assertThat(loads)
        .allMatch(l -> l.step() == StepKind.COPY && l.seconds() > 0, "a COPY with a time")
        .allMatch(l -> l.measured().rows() == expected(l), "every row");
    assertThat(run.cells(server.version()))
        .contains(
            "harness+text+conn-1",
            "server-file+binary+conn-2",
            "encode-only+binary+conn-1+middle-legacy")
        .filteredOn(c -> c.startsWith(EncodeOnly.NAME))
        .hasSize(2);
    assertThat(run.axes("jdbc-file+binary+conn-2"))
        .containsExactly(
            Map.entry(OverheadResults.CONTENDER, Contenders.JDBC_FILE),
            Map.entry("format", "binary"),
            Map.entry("connections", "2"));
    assertThat(loads)
        .filteredOn(l -> l.cell().startsWith(Contenders.HARNESS + "+"))
        .allMatch(l -> l.measured().clientCpuSeconds() != null, "client CPU");
    assertThat(ResultStore.readRun(results).scenario().name()).isEqualTo(OverheadResults.SCENARIO);
    assertThat(Files.readAllLines(results.resolve(ResultStore.TIMINGS))).hasSize(22 + 1);

    String report = report(run, "server-file");
    // client against server for one connection: how many times faster, and whether that is enough
    assertThat(report)
        .containsPattern("\\| nodes \\| text \\| 1 \\|.*\\| [0-9.]+, (met|not met) \\|")
        .contains("| rels (legacy) | binary | 1 |");
    // the harness's own driver streaming the file is a part of the harness, not a yardstick
    assertThat(report)
        .doesNotContain("harness / jdbc-file |")
        .contains("## Where the harness's time goes")
        .containsPattern("\\| ways \\| binary \\| 2 \\| [0-9.]+× .*\\| [0-9.]+× .*\\| [0-9.]+× ");
  }

  @Test
  void harnessAgainstPsqlCopyOfTheSameBytes() throws Exception {
    PsqlCopy psql = new PsqlCopy();
    assumeTrue(psql.missing() == null, "psql not installed: " + psql.missing());
    StoredRun run =
        run(
            dir.resolve("results-psql"),
            List.of(Contenders.HARNESS_COPY, psql),
            List.of(
                new Case(
                    MiddleTable.WAYS.tableDef(MiddleFormat.NEW),
                    rows(MiddleTable.WAYS),
                    null,
                    CopyFormat.TEXT,
                    1),
                new Case(
                    MiddleTable.WAYS.tableDef(MiddleFormat.NEW),
                    rows(MiddleTable.WAYS),
                    null,
                    CopyFormat.BINARY,
                    2)));

    assertThat(run.measured()).hasSize(2 * 2 * 2).allMatch(StepResult::ok, "ok");
    assertThat(run.measured()).allMatch(l -> l.measured().rows() == 1500);
    // what psql loaded is what the harness loads: the same rows, byte for byte in the same format
    try (Connection c = server.connect(HeadToHead.DATABASE);
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery("SELECT count(*), sum(array_length(nodes, 1)) FROM planet_osm_ways")) {
      rs.next();
      assertThat(rs.getLong(1)).isEqualTo(1500);
      assertThat(rs.getLong(2)).isPositive();
    }
    assertThat(report(run, "psql")).contains("| ways | binary | 2 |");
  }

  @Test
  void aDumpHoldsTheHarnessStreamAndAWrongCountIsAFailure() throws Exception {
    Path file = dir.resolve("ways.copy");
    long bytes = Dump.write(rows(MiddleTable.WAYS), CopyFormat.BINARY, file);
    assertThat(Files.size(file)).isEqualTo(bytes);
    assertThat(new String(Files.readAllBytes(file), 0, 6, "ISO-8859-1")).isEqualTo("PGCOPY");

    // a contender that loads half the rows is stored as failed, with both counts
    Contender half =
        new Contender() {
          @Override
          public String name() {
            return "half";
          }

          @Override
          public long load(Match match) throws Exception {
            return Contenders.SERVER_FILE_COPY.load(match) / 2;
          }
        };
    StoredRun run =
        run(
            dir.resolve("results-half"),
            List.of(half),
            List.of(
                new Case(
                    MiddleTable.NODES.tableDef(MiddleFormat.NEW),
                    rows(MiddleTable.NODES),
                    null,
                    CopyFormat.BINARY,
                    1)));
    assertThat(run.failures())
        .hasSize(2)
        .allMatch(l -> l.error().equals("half reported 2000 rows, 4000 were sent"));
    assertThat(report(run, "half"))
        .contains("## Failed loads")
        .contains("half+binary+conn-1, planet_osm_nodes copy, round 2: half reported 2000 rows");
  }

  private static RowSource rows(MiddleTable table) {
    return DATA.source(table, MiddleFormat.NEW);
  }

  /**
   * The rows of the load's table; the client alone goes over a table of fewer than {@link
   * EncodeOnly#MIN_ROWS} again until it has that many (4,000 nodes 50 times).
   */
  private static long expected(StepResult load) {
    String table = load.table();
    long rows =
        table.equals("planet_osm_nodes") ? 4000 : table.equals("planet_osm_ways") ? 1500 : 300;
    boolean client = load.cell().startsWith(EncodeOnly.NAME + "+");
    return client ? (EncodeOnly.MIN_ROWS + rows - 1) / rows * rows : rows;
  }

  /** One warm-up round and two measured ones, stored under {@code results}; read back. */
  private static StoredRun run(Path results, List<Contender> contenders, List<Case> cases)
      throws Exception {
    Path files = Files.createTempDirectory(dir, "files");
    Files.setPosixFilePermissions(files, PosixFilePermissions.fromString("rwx--x--x"));
    StringWriter progress = new StringWriter();
    Rounds rounds = new Rounds(1, 2);
    try (OverheadResults stored =
        new OverheadResults(
            results,
            "test",
            ScenarioLoader.load(Path.of("scenarios/middle-pk-freeze.yaml")),
            rounds,
            "test")) {
      new HeadToHead(server, contenders, files, stored, new PrintWriter(progress))
          .run(cases);
    }
    assertThat(progress.toString()).contains("warm-up").contains("round 2");
    try (var left = Files.list(files)) {
      assertThat(left).as("dumped files are removed").isEmpty();
    }
    return StoredRun.load(results);
  }

  private static String report(StoredRun run, String other) throws Exception {
    Path reports = dir.resolve("reports-" + other);
    String text =
        OverheadReport.write(
            reports,
            new OverheadReport.Setup(List.of("test"), Map.of()),
            run,
            server.version(),
            List.of());
    assertThat(reports.resolve("report.md")).hasContent(text);
    if (!other.equals("half")) {
      assertThat(text).contains("harness / " + other).contains("| ways |");
    }
    return text;
  }
}
