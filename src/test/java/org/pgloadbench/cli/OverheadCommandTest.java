package org.pgloadbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.server.WorkRoots;

/** {@code overhead} as a user meets it when a pair's programs are missing: it says so, goes on. */
class OverheadCommandTest {
  @TempDir Path dir;

  @Test
  void aMissingOsm2pgsqlServerIsSkippedWithTheAptGetLineAndTheRunGoesOn() throws Exception {
    Path file =
        Files.writeString(
            dir.resolve("tiny.yaml"),
            """
            name: tiny
            dataset: {kind: osm-synthetic, tables: [rels], rows: {rels: 200}}
            servers: {versions: [17]}
            steps: [create, copy]
            """);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code =
        Main.run(
            new PrintWriter(out, true, StandardCharsets.UTF_8),
            new PrintWriter(err, true, StandardCharsets.UTF_8),
            "overhead",
            file.toString(),
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
            dir.resolve("results").toString(),
            "--reports",
            dir.resolve("reports").toString(),
            "--work-dir",
            WorkRoots.enterable(dir).resolve("servers").toString());

    assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isEqualTo(Main.OK);
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
  }
}
