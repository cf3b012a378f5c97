package org.pgloadbench.publish;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.cli.Main;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.server.Embedded;
import org.pgloadbench.server.PostgresServer;
import org.pgloadbench.server.WorkRoots;

/**
 * {@code bench --results-db}: the run published as it is stored, the password (given in the URL) in
 * no file the run writes; an unreachable database refused before the run starts.
 */
@Tag("server")
class PublishBenchTest {
  static final String PASSWORD = "pw" + UUID.randomUUID().toString().replace("-", "");

  @TempDir Path dir;

  @Test
  void aBenchPublishesItsRunAndWritesThePasswordNowhere() throws Exception {
    Path scenario =
        Files.writeString(
            dir.resolve("published.yaml"),
            """
            name: published
            dataset: {kind: osm-synthetic, tables: [nodes], rows: {nodes: 20000}}
            servers: {versions: [17]}
            warmup: 0
            repeat: 2
            matrix:
              format: [text, binary]
            steps: [create, copy, analyze]
            """);
    Path work = WorkRoots.enterable(dir);
    PostgresServer server = Embedded.target(work.resolve("db")).start("17", Map.of());
    try {
      try (var c = server.connect(PostgresServer.MAINTENANCE_DATABASE);
          var s = c.createStatement()) {
        s.execute("CREATE ROLE publisher LOGIN PASSWORD '" + PASSWORD + "'");
        s.execute("CREATE DATABASE results OWNER publisher");
      }
      String url =
          server
              .jdbcUrl("results")
              .replace("jdbc:postgresql://", "postgresql://publisher:" + PASSWORD + "@");

      String[] unreachable =
          bench(scenario, work, "postgresql://publisher:" + PASSWORD + "@127.0.0.1:1/results");
      assertThat(unreachable[0]).isEqualTo("2");
      assertThat(unreachable[2]).doesNotContain("\n").contains("127.0.0.1:1/results");
      assertThat(dir.resolve("results")).doesNotExist();

      String[] ran = bench(scenario, work, url);
      assertThat(ran[0]).as(ran[2]).isEqualTo("0");
      assertThat(ran[1] + ran[2]).doesNotContain(PASSWORD).contains("published: ");
      Path runDir;
      try (Stream<Path> runs = Files.list(dir.resolve("results/published"))) {
        runDir = runs.findFirst().orElseThrow();
      }
      int steps = ResultStore.readSteps(runDir).size();
      try (var c = server.connect("results");
          var s = c.createStatement();
          var rs = s.executeQuery("SELECT count(*) FROM pgloadbench.steps")) {
        rs.next();
        assertThat(rs.getInt(1)).isEqualTo(steps).isEqualTo(2 * 2 * 3);
      }
      assertThat(filesHolding(PASSWORD, dir.resolve("results"), dir.resolve("reports"))).isEmpty();

      // a database that refuses the run's rows after the check before the run passed: the run and
      // its report stay whole, the report's path is still the last line, exit 2 with the remedy
      try (var c = server.connect("results");
          var s = c.createStatement()) {
        s.execute("REVOKE INSERT ON pgloadbench.steps FROM publisher");
      }
      String[] refused = bench(scenario, work, url);
      assertThat(refused[0]).as(refused[2]).isEqualTo("2");
      assertThat(refused[2])
          .doesNotContain("\n")
          .doesNotContain(PASSWORD)
          .contains("permission denied")
          .contains("publish it later with make publish RUN=");
      String last = refused[1].strip().lines().reduce((a, b) -> b).orElseThrow();
      assertThat(Path.of(last)).exists().hasFileName("report.md");
      try (Stream<Path> runs = Files.list(dir.resolve("results/published"))) {
        assertThat(runs.count()).isEqualTo(2);
      }
    } finally {
      server.close();
    }
  }

  private String[] bench(Path scenario, Path work, String url) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code =
        Main.run(
            new PrintWriter(out, true, StandardCharsets.UTF_8),
            new PrintWriter(err, true, StandardCharsets.UTF_8),
            "bench",
            scenario.toString(),
            "--work-dir",
            work.resolve("servers").toString(),
            "--results",
            dir.resolve("results").toString(),
            "--reports",
            dir.resolve("reports").toString(),
            "--results-db",
            url);
    return new String[] {
      Integer.toString(code),
      out.toString(StandardCharsets.UTF_8),
      err.toString(StandardCharsets.UTF_8).strip()
    };
  }

  private static List<Path> filesHolding(String secret, Path... dirs) throws IOException {
    List<Path> holding = new ArrayList<>();
    for (Path d : dirs) {
      try (Stream<Path> files = Files.walk(d)) {
        for (Path f : files.filter(Files::isRegularFile).toList()) {
          if (new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1).contains(secret)) {
            holding.add(f);
          }
        }
      }
    }
    return holding;
  }
}
