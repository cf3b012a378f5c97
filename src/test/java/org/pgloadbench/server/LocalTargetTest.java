package org.pgloadbench.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.cli.Main;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.StepResult;

/**
 * The local target with Debian's PostgreSQL 15 (package postgresql-15): a build given alone is
 * shown by its version, builds given with labels by their labels; either way run.json records the
 * full version() string and the bin dir. Skipped where that package is not installed.
 */
@Tag("server")
class LocalTargetTest {
  static final Path DEBIAN_15 = Path.of("/usr/lib/postgresql/15/bin");

  @TempDir Path dir;

  @BeforeAll
  static void needsDebiansPostgresql15() {
    assumeThat(Files.isExecutable(DEBIAN_15.resolve("postgres")))
        .as("Debian's PostgreSQL 15 is not installed (apt-get install postgresql-15)")
        .isTrue();
  }

  @Test
  void labelledBuildsTakeThePlaceOfVersions() throws Exception {
    Path scenario =
        Files.writeString(
            dir.resolve("builds.yaml"),
            """
            name: builds
            dataset: {kind: osm-synthetic, tables: [ways], rows: {ways: 5000}}
            servers:
              target: local
              builds: [head, patch]
            warmup: 0
            matrix:
              format: [text, binary]
            steps: [create, copy, vacuum]
            """);
    Path run = bench(scenario.toString(), "--builds", "head=" + DEBIAN_15 + ",patch=" + DEBIAN_15);

    List<StepResult> steps = ResultStore.readSteps(run);
    // head, patch, and a control: a second head, the same binaries and settings
    assertThat(steps).hasSize(3 * 2 * 3).allMatch(StepResult::ok);
    assertThat(steps).extracting(StepResult::server).containsOnly("head", "patch", "head-control");
    assertThat(steps)
        .filteredOn(s -> s.step().yamlName().equals("copy"))
        .allMatch(s -> s.measured().rows() == 5000);
    JsonNode servers =
        new ObjectMapper().readTree(run.resolve(ResultStore.RUN).toFile()).path("servers");
    assertThat(servers).hasSize(3);
    for (JsonNode server : servers) {
      assertThat(server.path("target").asText()).isEqualTo("local");
      assertThat(server.path("bin_dir").asText()).isEqualTo(DEBIAN_15.toString());
      assertThat(server.path("version_string").asText())
          .startsWith("PostgreSQL 15.")
          .contains("Debian");
    }
    String report = Files.readString(reportOf(run));
    assertThat(report)
        .contains("## PostgreSQL head")
        .contains("## PostgreSQL patch")
        .contains("from `" + DEBIAN_15 + "`")
        // the builds are compared as versions are: patch against head, the first one
        .contains("## Versions compared")
        .contains("| PostgreSQL head (base) | PostgreSQL head-control | PostgreSQL patch |");
  }

  @Test
  void aBuildGivenOnTheCommandLineIsShownByItsVersion() throws Exception {
    Path scenario =
        Files.writeString(
            dir.resolve("one.yaml"),
            """
            name: one
            dataset: {kind: osm-synthetic, tables: [nodes], rows: {nodes: 5000}}
            servers: {versions: [17]}
            warmup: 0
            steps: [create, copy]
            """);
    Path run = bench(scenario.toString(), "--target", "local:" + DEBIAN_15);
    List<StepResult> steps = ResultStore.readSteps(run);
    assertThat(steps).hasSize(2).allMatch(StepResult::ok);
    assertThat(steps.get(0).server()).startsWith("15.");
  }

  @Test
  void aBinDirWithoutPostgresIsOneLineAndExit2() throws Exception {
    Path scenario =
        Files.writeString(
            dir.resolve("none.yaml"),
            """
            name: none
            dataset: {kind: osm-synthetic, tables: [nodes], rows: {nodes: 10}}
            servers: {versions: [17]}
            steps: [create, copy]
            """);
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit =
        Main.run(
            new PrintWriter(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
            new PrintWriter(err, true, StandardCharsets.UTF_8),
            "bench",
            scenario.toString(),
            "--target",
            "local:" + dir,
            "--results",
            dir.resolve("results").toString());
    assertThat(exit).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8).strip())
        .isEqualTo(
            "TARGET=local:"
                + dir
                + ": no initdb in "
                + dir
                + "; give the bin dir of a PostgreSQL"
                + " build, e.g. local:/usr/lib/postgresql/15/bin");
    assertThat(dir.resolve("results")).doesNotExist();
  }

  @Test
  void aScenarioBuildWithoutPostgresIsReportedAtItsLine() throws Exception {
    Path scenario =
        Files.writeString(
            dir.resolve("builds.yaml"),
            """
            name: builds
            dataset: {kind: osm-synthetic, tables: [nodes], rows: {nodes: 10}}
            servers:
              target: local
              builds:
                head: /usr/lib/postgresql/15/bin
                patch: /nonexistent/bin
            steps: [create, copy]
            """);
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit =
        Main.run(
            new PrintWriter(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
            new PrintWriter(err, true, StandardCharsets.UTF_8),
            "plan",
            scenario.toString(),
            "--trust-scenario");
    assertThat(exit).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8).strip())
        .isEqualTo(
            scenario
                + ":7: servers.builds.patch: no initdb in /nonexistent/bin; give the bin dir of a"
                + " PostgreSQL build, e.g. local:/usr/lib/postgresql/15/bin");
  }

  @Test
  void aSharedScenarioRunsNoProgramOfItsChoosing() throws Exception {
    // a stranger's scenario naming a directory whose "postgres" is a script of theirs
    Path bin = Files.createDirectories(dir.resolve("evil/bin"));
    Path marker = dir.resolve("ran");
    for (String program : List.of("postgres", "initdb", "pg_ctl")) {
      Path script = bin.resolve(program);
      Files.writeString(
          script, "#!/bin/sh\ntouch " + marker + "\necho 'postgres (PostgreSQL) 15.1'\n");
      script.toFile().setExecutable(true);
    }
    for (String servers :
        List.of(
            "{target: 'local:" + bin + "'}",
            "{target: local, builds: {head: '" + bin + "'}}",
            "{target: local, builds: [head]}")) {
      Path scenario =
          Files.writeString(
              dir.resolve("shared.yaml"),
              "name: shared\n"
                  + "dataset: {kind: osm-synthetic, tables: [nodes], rows: {nodes: 10}}\n"
                  + "servers: "
                  + servers
                  + "\nsteps: [create, copy]\n");
      String work = dir.resolve("servers").toString();
      String results = dir.resolve("results").toString();
      for (String[] command :
          List.of(
              new String[] {"plan", scenario.toString(), "--work-dir", work},
              new String[] {
                "bench", scenario.toString(), "--work-dir", work, "--results", results
              })) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit =
            Main.run(
                new PrintWriter(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintWriter(err, true, StandardCharsets.UTF_8),
                command);
        assertThat(exit).as(command[0] + " " + servers).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("on the command line");
      }
    }
    assertThat(marker).doesNotExist();
    assertThat(dir.resolve("results")).doesNotExist();
  }

  /** Runs bench; returns the run directory. */
  private Path bench(String... args) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    List<String> all = new java.util.ArrayList<>(List.of("bench"));
    all.addAll(List.of(args));
    all.addAll(
        List.of(
            "--work-dir", WorkRoots.enterable(dir).resolve("servers").toString(),
            "--results", dir.resolve("results").toString(),
            "--reports", dir.resolve("reports").toString()));
    int exit =
        Main.run(
            new PrintWriter(out, true, StandardCharsets.UTF_8),
            new PrintWriter(err, true, StandardCharsets.UTF_8),
            all.toArray(String[]::new));
    assertThat(exit).as(err.toString(StandardCharsets.UTF_8)).isZero();
    String results =
        out.toString(StandardCharsets.UTF_8)
            .lines()
            .filter(l -> l.startsWith("results: "))
            .findFirst()
            .orElseThrow();
    return Path.of(results.substring("results: ".length()));
  }

  private Path reportOf(Path run) {
    return dir.resolve("reports")
        .resolve(run.getParent().getFileName())
        .resolve(run.getFileName())
        .resolve("report.md");
  }
}
