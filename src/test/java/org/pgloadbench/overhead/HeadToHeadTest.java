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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.copy.CopyFormat;
import org.pgloadbench.dataset.MiddleTable;
import org.pgloadbench.dataset.OsmSyntheticDataset;
import org.pgloadbench.dataset.RowSource;
import org.pgloadbench.overhead.HeadToHead.Case;
import org.pgloadbench.overhead.HeadToHead.Load;
import org.pgloadbench.server.EmbeddedTarget;
import org.pgloadbench.server.PostgresServer;
import org.pgloadbench.server.WorkRoots;
import org.pgloadbench.variant.MiddleFormat;

/**
 * Short real head-to-heads on one server: every contender loads every row, the files hold exactly
 * the harness's bytes, and the report is written. Nothing here asserts speed.
 */
class HeadToHeadTest {
  @TempDir static Path dir;
  static PostgresServer server;
  static final OsmSyntheticDataset DATA =
      new OsmSyntheticDataset(Map.of("nodes", 4000L, "ways", 1500L, "rels", 300L), 3);

  @BeforeAll
  static void start() throws Exception {
    server = new EmbeddedTarget(WorkRoots.enterable(dir).resolve("servers")).start("17", Map.of());
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void harnessAgainstTheServerReadingTheSameBytesFromAFile() throws Exception {
    List<Load> loads =
        run(
            List.of(new HarnessCopy(), new ServerFileCopy(), new StreamedFile(), new EncodeOnly()),
            List.of(
                new Case(
                    "nodes",
                    MiddleTable.NODES.tableDef(MiddleFormat.NEW),
                    rows(MiddleTable.NODES),
                    CopyFormat.TEXT,
                    1),
                new Case(
                    "ways",
                    MiddleTable.WAYS.tableDef(MiddleFormat.NEW),
                    rows(MiddleTable.WAYS),
                    CopyFormat.BINARY,
                    2),
                new Case(
                    "rels (legacy)",
                    MiddleTable.RELS.tableDef(MiddleFormat.LEGACY),
                    DATA.source(MiddleTable.RELS, MiddleFormat.LEGACY),
                    CopyFormat.BINARY,
                    1)));

    // encode-only runs for the one-connection cases only
    assertThat(loads).hasSize(2 * (4 + 3 + 4)).allMatch(Load::ok, "ok");
    assertThat(loads)
        .allMatch(l -> l.rows() == l.of().rows().rows() && l.seconds() > 0, "rows and a time");
    assertThat(loads).filteredOn(l -> l.contender().equals(EncodeOnly.NAME)).hasSize(4);
    assertThat(loads)
        .filteredOn(l -> l.contender().equals(HarnessCopy.NAME))
        .allMatch(l -> l.clientCpuSeconds() != null && l.clientCpuSeconds() >= 0, "client CPU");
    assertReportWritten(loads, "server-file");
  }

  @Test
  void harnessAgainstPsqlCopyOfTheSameBytes() throws Exception {
    PsqlCopy psql = new PsqlCopy();
    assumeTrue(psql.missing() == null, "psql not installed: " + psql.missing());
    List<Load> loads =
        run(
            List.of(new HarnessCopy(), psql),
            List.of(
                new Case(
                    "ways",
                    MiddleTable.WAYS.tableDef(MiddleFormat.NEW),
                    rows(MiddleTable.WAYS),
                    CopyFormat.TEXT,
                    1),
                new Case(
                    "ways",
                    MiddleTable.WAYS.tableDef(MiddleFormat.NEW),
                    rows(MiddleTable.WAYS),
                    CopyFormat.BINARY,
                    2)));

    assertThat(loads).hasSize(2 * 2 * 2).allMatch(Load::ok, "ok");
    assertThat(loads).allMatch(l -> l.rows() == 1500);
    // what psql loaded is what the harness loads: the same rows, byte for byte in the same format
    try (Connection c = server.connect(HeadToHead.DATABASE);
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery("SELECT count(*), sum(array_length(nodes, 1)) FROM planet_osm_ways")) {
      rs.next();
      assertThat(rs.getLong(1)).isEqualTo(1500);
      assertThat(rs.getLong(2)).isPositive();
    }
    assertReportWritten(loads, "psql");
  }

  @Test
  void aDumpHoldsTheHarnessStreamAndAWrongCountIsAFailure() throws Exception {
    Path file = dir.resolve("ways.copy");
    long bytes = Dump.write(rows(MiddleTable.WAYS), CopyFormat.BINARY, file);
    assertThat(Files.size(file)).isEqualTo(bytes);
    assertThat(new String(Files.readAllBytes(file), 0, 6, "ISO-8859-1")).isEqualTo("PGCOPY");

    // a contender that loads half the rows is recorded as failed, with both counts
    Contender half =
        new Contender() {
          @Override
          public String name() {
            return "half";
          }

          @Override
          public long load(Match match) throws Exception {
            return new ServerFileCopy().load(match) / 2;
          }
        };
    List<Load> loads =
        run(
            List.of(half),
            List.of(
                new Case(
                    "nodes",
                    MiddleTable.NODES.tableDef(MiddleFormat.NEW),
                    rows(MiddleTable.NODES),
                    CopyFormat.BINARY,
                    1)));
    assertThat(loads)
        .hasSize(2)
        .allMatch(l -> !l.ok() && l.error().contains("reported 2000 rows, 4000 were sent"));
  }

  private static RowSource rows(MiddleTable table) {
    return DATA.source(table, MiddleFormat.NEW);
  }

  private static List<Load> run(List<Contender> contenders, List<Case> cases) throws Exception {
    Path files = Files.createTempDirectory(dir, "files");
    Files.setPosixFilePermissions(files, PosixFilePermissions.fromString("rwx--x--x"));
    StringWriter progress = new StringWriter();
    List<Load> loads =
        new HeadToHead(server, contenders, 2, 0, files, new PrintWriter(progress)).run(cases);
    assertThat(progress.toString()).contains("round 2");
    try (var left = Files.list(files)) {
      assertThat(left).as("dumped files are removed").isEmpty();
    }
    return loads;
  }

  private static void assertReportWritten(List<Load> loads, String other) throws Exception {
    Path results = dir.resolve("results-" + other);
    Path reports = dir.resolve("reports-" + other);
    String text =
        OverheadReport.write(
            results, reports, new OverheadReport.Setup(List.of("test"), Map.of()), loads);
    assertThat(reports.resolve("report.md")).hasContent(text);
    assertThat(text).contains("harness / " + other).contains("| ways |");
    if (other.equals("server-file")) {
      // client against server for one connection: a ratio and whether it meets the goal
      assertThat(text)
          .containsPattern("\\| nodes \\| text \\| 1 \\|.*\\| [0-9.]+ \\((met|not met)\\) \\|");
      // the harness's own driver streaming the file is a part of the harness, not a yardstick
      assertThat(text)
          .doesNotContain("harness / jdbc-file |")
          .contains("## Where the harness's time goes")
          .containsPattern(
              "\\| ways \\| binary \\| 2 \\| [0-9.]+ .*\\| [0-9.]+ .*\\| [0-9.]+ .*\\|");
    }
    assertThat(Files.readAllLines(results.resolve("loads.csv"))).hasSize(loads.size() + 1);
  }
}
