package org.pgloadbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.overhead.PgClient;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.server.WorkRoots;

/**
 * {@code overhead} as a user meets it: a pair whose programs are missing is skipped, saying so, and
 * the run goes on; its loads are stored as any run's, so that {@code compare} reads two runs.
 */
@Tag("server")
class OverheadCommandTest {
  @TempDir Path dir;

  @Test
  void aMissingOsm2pgsqlServerIsSkippedAndTwoRunsCompareContenderByContender() throws Exception {
    Path file =
        Files.writeString(
            dir.resolve("tiny.yaml"),
            """
            name: tiny
            dataset: {kind: osm-synthetic, tables: [rels], rows: {rels: 200}}
            servers: {versions: [17]}
            steps: [create, copy]
            """);
    Path base = overhead(file, "base");
    Path other = overhead(file, "new");

    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code =
        Main.run(
            new PrintWriter(out, true, StandardCharsets.UTF_8),
            new PrintWriter(err, true, StandardCharsets.UTF_8),
            "compare",
            base.toString(),
            other.toString(),
            "--out",
            dir.resolve("compare").toString());
    assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isEqualTo(ExitCode.OK);
    // a row per contender: the rels table's COPY, and each contender's total
    List<String> contenders =
        PgClient.program("psql") == null
            ? List.of("harness", "server-file", "jdbc-file", "encode-only")
            : List.of("harness", "psql", "server-file", "jdbc-file", "encode-only");
    List<String> rows = out.toString(StandardCharsets.UTF_8).lines().toList();
    for (String contender : contenders) {
      assertThat(rows)
          .as(contender)
          .filteredOn(l -> l.contains(" " + contender + "+text+conn-1 "))
          .anySatisfy(l -> assertThat(l).contains(" rels ").contains(" copy "))
          .anySatisfy(l -> assertThat(l).contains(" all ").contains(" total "));
    }
    assertThat(rows).anySatisfy(l -> assertThat(l).startsWith(contenders.size() * 2 + " row(s)"));
  }

  /** One small overhead run into its own results directory; returns the run's directory. */
  private Path overhead(Path scenario, String name) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code =
        Main.run(
            new PrintWriter(out, true, StandardCharsets.UTF_8),
            new PrintWriter(err, true, StandardCharsets.UTF_8),
            "overhead",
            scenario.toString(),
            "--formats",
            "text",
            "--connections",
            "1",
            "--repeat",
            "1",
            "--warmup",
            "0",
            "--pgbench-scenario",
            "none",
            "--osm2pgsql-bin",
            dir.resolve("no-such-bin").toString(),
            "--results",
            dir.resolve("results-" + name).toString(),
            "--reports",
            dir.resolve("reports-" + name).toString(),
            "--work-dir",
            WorkRoots.enterable(dir).resolve("servers").toString());

    assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isEqualTo(ExitCode.OK);
    List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
    assertThat(lines)
        .anySatisfy(
            l ->
                assertThat(l)
                    .startsWith("skipped osm2pgsql: ")
                    .contains(
                        "apt-get install -y osm2pgsql postgresql-15 postgresql-15-postgis-3"));
    String report = Files.readString(Path.of(lines.get(lines.size() - 1)));
    assertThat(report)
        .contains("**osm2pgsql skipped**")
        .contains("| rels | text | 1 |") // pair 1 ran
        .doesNotContain("## osm2pgsql against");
    try (var runs = Files.list(dir.resolve("results-" + name).resolve("overhead"))) {
      Path run = runs.toList().get(0);
      assertThat(run.resolve(ResultStore.RUN)).exists();
      assertThat(run.resolve(ResultStore.TIMINGS)).exists();
      assertThat(run.resolve("loads.csv")).doesNotExist();
      return run;
    }
  }
}
