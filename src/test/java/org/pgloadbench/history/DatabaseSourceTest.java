package org.pgloadbench.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.cli.Main;
import org.pgloadbench.publish.ResultsDatabase;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.server.Embedded;
import org.pgloadbench.server.PostgresServer;
import org.pgloadbench.server.WorkRoots;

/**
 * The history read from a results database (the runs the real ResultStore wrote, one of them
 * resumed, published by the real publisher) is the history read from those runs' directories;
 * the command reads it through a URL whose password appears nowhere.
 */
@Tag("server")
class DatabaseSourceTest {
  static final String PASSWORD = "s3cret-" + Long.toHexString(System.nanoTime());

  @TempDir static Path dir;
  static PostgresServer server;
  static String url;

  @BeforeAll
  static void publishThirtyRuns() throws Exception {
    HistoryRuns.write(
        dir.resolve("results"),
        30,
        (run, cell) -> cell.equals("binary") && run >= 20 ? 1.05 : 1,
        20,
        1);
    // run 7 resumed: its first step stored again, as a resumed run measures its repetition again
    Path resumed;
    try (Stream<Path> runs = Files.list(dir.resolve("results").resolve(HistoryRuns.SCENARIO))) {
      resumed = runs.sorted().toList().get(6).resolve(ResultStore.STEPS);
    }
    Files.writeString(
        resumed, Files.readAllLines(resumed).get(0) + "\n", StandardOpenOption.APPEND);
    server = Embedded.target(WorkRoots.enterable(dir).resolve("servers")).start("17", Map.of());
    try (Connection c = server.connect(PostgresServer.MAINTENANCE_DATABASE);
        Statement s = c.createStatement()) {
      s.execute("CREATE ROLE bench LOGIN PASSWORD '" + PASSWORD + "'");
      s.execute("CREATE DATABASE history OWNER bench");
    }
    url =
        server
            .jdbcUrl("history")
            .replaceFirst("^jdbc:postgresql://", "postgresql://bench:" + PASSWORD + "@");
    // published as a run is: the real publisher, the schema it creates
    ResultsDatabase database = ResultsDatabase.at(url, name -> null);
    try (Stream<Path> runs = Files.list(dir.resolve("results").resolve(HistoryRuns.SCENARIO))) {
      for (Path run : runs.sorted().toList()) {
        database.publish(run);
      }
    }
  }

  @AfterAll
  static void stopServer() {
    if (server != null) {
      server.close();
    }
  }

  /** A point as both sources must agree on it: all but the run's key. */
  record Same(
      Series.Key series,
      String run,
      Instant started,
      long microseconds,
      Map<String, String> context) {
    static List<Same> of(List<HistoryPoint> points) {
      return points.stream()
          .map(
              p ->
                  new Same(
                      p.series(),
                      p.run().id(),
                      p.run().started(),
                      Math.round(p.seconds() * 1e6),
                      p.context()))
          .sorted(java.util.Comparator.comparing(Same::toString))
          .toList();
    }
  }

  @Test
  void readsTheSamePointsAsTheResultsDirectories() throws Exception {
    List<HistoryPoint> fromFiles =
        new ResultsDirectories(dir.resolve("results")).points(HistoryRuns.SCENARIO);
    try (Connection c = server.connect("history")) {
      DatabaseSource database = new DatabaseSource(c, "the test's database");
      assertThat(database.scenarios()).containsExactly(HistoryRuns.SCENARIO);
      List<HistoryPoint> fromDatabase = database.points(HistoryRuns.SCENARIO);
      // 30 runs × 2 cells × (2 steps + total)
      assertThat(fromDatabase).hasSize(30 * 2 * 3);
      assertThat(Same.of(fromDatabase)).isEqualTo(Same.of(fromFiles));
    }
  }

  @Test
  void theCommandReadsItThroughAUrlAndNeverShowsThePassword() throws Exception {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    Path reports = dir.resolve("reports");
    int code =
        Main.run(
            new PrintWriter(out),
            new PrintWriter(err),
            "history",
            HistoryRuns.SCENARIO,
            "--results",
            url,
            "--reports",
            reports.toString());

    assertThat(code).as(err.toString()).isZero();
    String report = Files.readString(reports.resolve("history/two-cells/report.md"));
    assertThat(report)
        .contains("| 17 · binary · total")
        .contains(HistoryRuns.id(20) + " (2026-01-21 10:00)")
        .contains("postgresql://bench@127.0.0.1:")
        .doesNotContain(PASSWORD);
    assertThat(out.toString() + err.toString()).doesNotContain(PASSWORD);

    String wrong = url.replace(PASSWORD, PASSWORD + "x");
    assertThat(
            Main.run(
                new PrintWriter(out),
                new PrintWriter(err),
                "history",
                HistoryRuns.SCENARIO,
                "--results",
                wrong))
        .isEqualTo(2);
    assertThat(err.toString().strip().lines().reduce((a, b) -> b).orElseThrow())
        .startsWith(
            "pgloadbench history: cannot use the results database postgresql://bench@");
    assertThat(err.toString()).doesNotContain(PASSWORD);
  }

  @Test
  void refusesASchemaOfANewerHarness() throws Exception {
    try (Connection c = server.connect("history");
        Statement s = c.createStatement()) {
      c.setAutoCommit(false); // rolled back: the other tests read version 1
      s.execute("UPDATE pgloadbench.schema_version SET version = 2");
      assertThatThrownBy(() -> new DatabaseSource(c, "db").points(HistoryRuns.SCENARIO))
          .isInstanceOf(HistoryException.class)
          .hasMessage(
              "db holds results of schema version 2, newer than this harness reads (1);"
                  + " use a newer pgloadbench");
      c.rollback();
    }
  }
}
