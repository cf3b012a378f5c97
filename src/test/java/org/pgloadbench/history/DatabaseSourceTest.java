package org.pgloadbench.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.sql.Timestamp;
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
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.Machines;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.results.ServerRun;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.results.StoredRun;
import org.pgloadbench.server.EmbeddedTarget;
import org.pgloadbench.server.PostgresServer;
import org.pgloadbench.server.WorkRoots;

/**
 * The history read from a results database of schema version 1 (created here from the contract, its
 * rows inserted from runs the real ResultStore wrote) is the history read from those runs'
 * directories; the command reads it through a URL whose password appears nowhere.
 */
@Tag("server")
class ResultsDatabaseTest {
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
    server = new EmbeddedTarget(WorkRoots.enterable(dir).resolve("servers")).start("17", Map.of());
    try (Connection c = server.connect(PostgresServer.MAINTENANCE_DATABASE);
        Statement s = c.createStatement()) {
      s.execute("CREATE ROLE bench LOGIN PASSWORD '" + PASSWORD + "'");
      s.execute("CREATE DATABASE history");
    }
    try (Connection c = server.connect("history");
        Statement s = c.createStatement()) {
      s.execute(
          new String(
              ResultsDatabaseTest.class.getResourceAsStream("schema-v1.sql").readAllBytes(),
              StandardCharsets.UTF_8));
      try (Stream<Path> runs = Files.list(dir.resolve("results").resolve(HistoryRuns.SCENARIO))) {
        for (Path run : runs.sorted().toList()) {
          publish(c, run);
        }
      }
      s.execute("GRANT USAGE ON SCHEMA pgloadbench TO bench");
      s.execute("GRANT SELECT ON ALL TABLES IN SCHEMA pgloadbench TO bench");
    }
    url =
        server
            .jdbcUrl("history")
            .replaceFirst("^jdbc:postgresql://", "postgresql://bench:" + PASSWORD + "@");
  }

  @AfterAll
  static void stopServer() {
    if (server != null) {
      server.close();
    }
  }

  /** A run's rows as the contract lays them out. */
  static void publish(Connection c, Path runDir) throws Exception {
    StoredRun run = StoredRun.load(runDir);
    RunManifest.Machine env = run.manifest().environment();
    String machine = Machines.fingerprint(env.cpuModel(), env.cpus(), env.memoryBytes(), env.os());
    String key = run.id() + "-" + machine.substring(0, 12);
    insert(
        c,
        "INSERT INTO pgloadbench.machines VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        machine,
        env.cpuModel(),
        env.cpus(),
        env.memoryBytes(),
        env.os());
    insert(
        c,
        "INSERT INTO pgloadbench.runs (run_key, run_id, scenario, machine, started, ended,"
            + " harness_revision, java, manifest) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb)",
        key,
        run.id(),
        run.scenarioName(),
        machine,
        Timestamp.from(Instant.parse(env.started())),
        Timestamp.from(Instant.parse(env.ended())),
        env.harnessRevision(),
        env.java(),
        Files.readString(runDir.resolve(ResultStore.RUN)));
    for (ServerRun server : run.manifest().servers()) {
      insert(
          c,
          "INSERT INTO pgloadbench.servers VALUES (?, ?, ?, ?, ?, ?, ?::jsonb)",
          key,
          server.requested(),
          server.version(),
          server.detail("version_string"),
          server.target(),
          server.profile(),
          new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(server.settings()));
    }
    int ordinal = 0;
    for (StepResult step : run.measured()) {
      insert(
          c,
          "INSERT INTO pgloadbench.steps (run_key, pg_version, cell, repetition, table_name,"
              + " step, ordinal, status, seconds, error) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
          key,
          step.server(),
          step.cell(),
          step.repetition(),
          step.table(),
          step.step().yamlName(),
          ordinal++,
          step.status().text(),
          step.seconds(),
          step.error());
    }
  }

  private static void insert(Connection c, String sql, Object... values) throws Exception {
    try (PreparedStatement s = c.prepareStatement(sql)) {
      for (int i = 0; i < values.length; i++) {
        s.setObject(i + 1, values[i]);
      }
      s.executeUpdate();
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
