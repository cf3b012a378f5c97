package org.pgloadbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.server.WorkRoots;

/**
 * The shipped gist-geometry scenario, small, on Debian's PostgreSQL 15 with PostGIS as a user runs
 * it (TARGET=local:): the harness creates PostGIS in each fresh database, loads both formats and
 * builds osm2pgsql's GiST indexes; the 14-vs-15 claims say what they need. Skipped where the
 * packages are missing.
 */
@Tag("server")
class GeometryBenchTest {
  static final Path PG15 = Path.of("/usr/lib/postgresql/15/bin");

  @TempDir Path dir;

  @Test
  void runsOnOnePostgisServerAndTheVersionClaimsSayWhatTheyNeed() throws Exception {
    assumeThat(
            Files.isExecutable(PG15.resolve("postgres"))
                && Files.exists(Path.of("/usr/share/postgresql/15/extension/postgis.control")))
        .as(
            "needs Debian's PostgreSQL 15 and PostGIS: apt-get install -y postgresql-15"
                + " postgresql-15-postgis-3 (.ci/run installs them)")
        .isTrue();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit =
        Main.run(
            new PrintWriter(out),
            new PrintWriter(err),
            "bench",
            "gist-geometry",
            "--target",
            "local:" + PG15,
            "--scale",
            "0.01",
            "--repeat",
            "1",
            "--warmup",
            "0",
            "--work-dir",
            WorkRoots.enterable(dir).resolve("servers").toString(),
            "--results",
            dir.resolve("results").toString(),
            "--reports",
            dir.resolve("reports").toString());
    assertThat(exit).as(err.toString()).isZero();
    Path runDir;
    try (Stream<Path> runs = Files.list(dir.resolve("results/gist-geometry"))) {
      runDir = runs.findFirst().orElseThrow();
    }
    List<StepResult> steps = ResultStore.readSteps(runDir);
    assertThat(steps).allMatch(StepResult::ok);
    List<StepResult> builds =
        steps.stream().filter(s -> s.step().yamlName().equals("indexes")).toList();
    assertThat(builds)
        .extracting(s -> s.cell() + " " + s.object())
        .containsExactlyInAnyOrder(
            "text planet_osm_point_way_idx",
            "text planet_osm_line_way_idx",
            "binary planet_osm_point_way_idx",
            "binary planet_osm_line_way_idx");
    assertThat(builds).allMatch(s -> s.measured().objectBytes() > 8192);

    String report;
    try (Stream<Path> reports = Files.list(dir.resolve("reports/gist-geometry"))) {
      report = Files.readString(reports.findFirst().orElseThrow().resolve("report.md"));
    }
    assertThat(report)
        .contains("no verdict (needs PostGIS on both versions; text on pg15: not measured)");
  }
}
