package org.pgloadbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.server.WorkRoots;
import picocli.CommandLine;

/** The command line as a user meets it: exit codes, one-line errors, the report path last. */
@Tag("server")
class MainTest {
  @TempDir Path dir;
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  static final String SMALL =
      """
      name: small
      dataset: {kind: osm-synthetic, tables: [rels], rows: {rels: 500}}
      servers: {versions: [17]}
      repeat: 1
      warmup: 1
      matrix:
        freeze: [false, true]
      steps: [create, copy, vacuum]
      """;

  @Test
  void aMalformedScenarioIsOneLineWithFileAndLineAndExitCode2() throws Exception {
    Path file = write("bad.yaml", SMALL.replace("freeze: [false, true]", "freez: [false, true]"));
    assertThat(run("plan", file.toString())).isEqualTo(ExitCode.USAGE);
    assertThat(errLines()).hasSize(1);
    assertThat(errLines().get(0)).startsWith(file + ":7: unknown key 'freez' in matrix");
    assertThat(err.toString()).doesNotContain("Exception").doesNotContain("\tat ");
  }

  @Test
  void brokenYamlIsOneLineToo() throws Exception {
    Path file = write("broken.yaml", "name: x\ndataset: {kind: [osm\n");
    assertThat(run("bench", file.toString())).isEqualTo(ExitCode.USAGE);
    assertThat(errLines())
        .singleElement()
        .asString()
        .startsWith(file + ":")
        .contains("YAML syntax error");
  }

  @Test
  void anImpossibleCellIsRejectedBeforeAnythingStarts() throws Exception {
    Path file =
        write(
            "freeze-parallel.yaml",
            SMALL.replace("freeze: [false, true]", "freeze: [true]\n  connections: [1, 2]"));
    assertThat(run("bench", file.toString(), "--work-dir", dir.resolve("servers").toString()))
        .isEqualTo(ExitCode.USAGE);
    assertThat(errLines())
        .singleElement()
        .asString()
        .contains("cell freeze+conn-2 is impossible")
        .contains("add to exclude: {freeze: true, connections: 2}");
    assertThat(dir.resolve("servers")).doesNotExist();
  }

  @Test
  void badOverridesAndUnavailableVersionsAreUsageErrors() throws Exception {
    Path file = write("small.yaml", SMALL);
    assertThat(run("plan", file.toString(), "--scale", "zero")).isEqualTo(ExitCode.USAGE);
    assertThat(run("plan", file.toString(), "--pg", "9")).isEqualTo(ExitCode.USAGE);
    assertThat(err.toString()).contains("SCALE=zero").contains("PostgreSQL 9 is not available");
  }

  @Test
  void dataPointsAScenarioAtAPbfFileAndAFileThatIsNotPbfIsAUsageError() throws Exception {
    Path file = write("small.yaml", SMALL);
    assertThat(run("plan", file.toString(), "--data", "data/liechtenstein-2013-08-03.osm.pbf"))
        .isEqualTo(ExitCode.OK);
    assertThat(out.toString()).contains("dataset   osm-pbf: liechtenstein-2013-08-03.osm.pbf");

    Path notPbf = write("notes.osm.pbf", "not a PBF file\n".repeat(100));
    assertThat(
            run(
                "bench",
                file.toString(),
                "--data",
                notPbf.toString(),
                "--work-dir",
                WorkRoots.enterable(dir).resolve("work").toString(),
                "--results",
                dir.resolve("results").toString()))
        .isEqualTo(ExitCode.USAGE);
    assertThat(errLines())
        .singleElement()
        .asString()
        .startsWith(notPbf.toAbsolutePath() + ": not a readable OSM PBF file (");
    assertThat(dir.resolve("results")).doesNotExist();
  }

  @Test
  void badUsageIsOneLineNamingTheHelpAndExitCode2() throws Exception {
    Path file = write("small.yaml", SMALL);
    for (String[] args :
        List.of(
            new String[] {},
            new String[] {"frobnicate", file.toString()},
            new String[] {"plan"},
            new String[] {"plan", file.toString(), "--frob", "1"},
            new String[] {"plan", file.toString(), "--pg"},
            new String[] {"report"})) {
      err.reset();
      assertThat(run(args)).as(String.join(" ", args)).isEqualTo(ExitCode.USAGE);
      assertThat(errLines())
          .as(String.join(" ", args))
          .singleElement()
          .asString()
          .startsWith("pgloadbench: ")
          .endsWith(" --help")
          .doesNotContain("Exception");
    }
    assertThat(out.toString()).isEmpty();
  }

  @Test
  void everyCommandHasHelpAndTheVersionIsTheHarnessRevision() {
    // every subcommand, as Main lists them: their help and version come from Main's, inherited
    for (String command : new CommandLine(new Main()).getSubcommands().keySet()) {
      out.reset();
      assertThat(run(command, "--help")).as(command).isEqualTo(ExitCode.OK);
      assertThat(out.toString()).startsWith("Usage: pgloadbench " + command);
      out.reset();
      assertThat(run(command, "--version")).as(command).isEqualTo(ExitCode.OK);
      assertThat(out.toString().strip()).matches("pgloadbench \\S+");
    }
    out.reset();
    assertThat(run("--help")).isEqualTo(ExitCode.OK);
    assertThat(out.toString())
        .contains("bench")
        .contains("plan")
        .contains("report")
        .contains("compare")
        .contains("comment");
    out.reset();
    assertThat(run("--version")).isEqualTo(ExitCode.OK);
    assertThat(out.toString().strip()).matches("pgloadbench \\S+");
    assertThat(err.toString()).isEmpty();
  }

  @Test
  void aRunDirectoryWithoutResultsIsOneLineAndExitCode1() {
    assertThat(run("report", dir.toString())).isEqualTo(ExitCode.FAILED);
    assertThat(errLines()).singleElement().asString().contains("holds no steps.jsonl");
  }

  @Test
  void blankOverridesAsMakePassesThemMeanNotGiven() throws Exception {
    Path file = write("small.yaml", SMALL);
    int code =
        run("plan", file.toString(), "--pg", "", "--scale", "", "--repeat", "", "--warmup", "");
    assertThat(code).as(err.toString()).isEqualTo(ExitCode.OK);
    assertThat(out.toString()).contains("PostgreSQL 17");
  }

  @Test
  void aVersionTheTargetDoesNotOfferIsOneLineWithFileAndLine() throws Exception {
    Path file = write("old.yaml", SMALL.replace("versions: [17]", "versions: [17, 13]"));
    Path servers = dir.resolve("servers");
    assertThat(run("bench", file.toString(), "--work-dir", servers.toString()))
        .isEqualTo(ExitCode.USAGE);
    assertThat(errLines())
        .singleElement()
        .asString()
        .startsWith(file + ":3: servers.versions[1]: PostgreSQL 13 is not available");
    assertThat(servers).doesNotExist();
  }

  /**
   * Refused without the flag, before anything starts; with it, the setting reaches the server (a
   * library preloaded, recorded in run.json among the settings in force).
   */
  @Test
  void anUnsafeSettingNeedsTheCommandLinesPermission() throws Exception {
    Path file =
        write(
            "preload.yaml",
            SMALL
                .replace(
                    "repeat: 1",
                    "repeat: 1\nsettings: {shared_preload_libraries: pg_stat_statements}")
                .replace("freeze: [false, true]", "freeze: [false]"));
    Path servers = WorkRoots.enterable(dir).resolve("servers");
    Path results = dir.resolve("results");
    List<String> args =
        List.of(
            "bench",
            file.toString(),
            "--work-dir",
            servers.toString(),
            "--results",
            results.toString(),
            "--reports",
            dir.resolve("reports").toString());
    assertThat(run(args.toArray(String[]::new))).isEqualTo(ExitCode.USAGE);
    assertThat(errLines())
        .singleElement()
        .asString()
        .isEqualTo(
            file
                + ":5: settings.shared_preload_libraries: not among the settings a scenario may"
                + " set by itself (memory, WAL, checkpoints, vacuum, autovacuum, planner costs,"
                + " parallel workers, I/O); remove it, or run with --trust-scenario if you trust"
                + " this file");
    assertThat(servers).doesNotExist();
    assertThat(results).doesNotExist();

    List<String> allowed = new ArrayList<>(args);
    allowed.add("--allow-unsafe-settings");
    assertThat(run(allowed.toArray(String[]::new))).as(err.toString()).isEqualTo(ExitCode.OK);
    try (var runs = Files.list(results.resolve("small"))) {
      String runJson = Files.readString(runs.findFirst().orElseThrow().resolve("run.json"));
      assertThat(runJson).contains("\"shared_preload_libraries\"").contains("pg_stat_statements");
    }
  }

  @Test
  void aWorkDirOthersMayWriteToIsRefusedBeforeAnythingStarts() throws Exception {
    Path file = write("small.yaml", SMALL);
    Path servers = Files.createDirectory(dir.resolve("servers"));
    Files.setPosixFilePermissions(servers, PosixFilePermissions.fromString("rwxrwxrwx"));
    int code =
        run(
            "bench",
            file.toString(),
            "--results",
            dir.resolve("results").toString(),
            "--work-dir",
            servers.toString());
    assertThat(code).isEqualTo(ExitCode.USAGE);
    assertThat(errLines())
        .singleElement()
        .asString()
        .startsWith("work dir " + servers.toAbsolutePath() + ": other users may write to it");
    assertThat(dir.resolve("results")).doesNotExist();
    try (var left = Files.list(servers)) {
      assertThat(left).isEmpty();
    }
  }

  @Test
  void planPrintsTheCellsWithoutStartingAServer() throws Exception {
    Path file = write("small.yaml", SMALL);
    assertThat(run("plan", file.toString(), "--work-dir", dir.resolve("servers").toString()))
        .isEqualTo(ExitCode.OK);
    assertThat(out.toString())
        .contains("no-freeze  create, copy, vacuum")
        .contains("freeze     create, copy, vacuum");
    assertThat(dir.resolve("servers")).doesNotExist();
  }

  @Test
  void benchStoresResultsWritesTheReportAndEndsWithItsPath() throws Exception {
    Path file = write("small.yaml", SMALL);
    int code =
        run(
            "bench",
            file.toString(),
            "--scale",
            "2",
            "--results",
            dir.resolve("results").toString(),
            "--reports",
            dir.resolve("reports").toString(),
            "--work-dir",
            WorkRoots.enterable(dir).resolve("servers").toString());
    assertThat(code).as(err.toString()).isEqualTo(ExitCode.OK);
    List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
    Path report = Path.of(lines.get(lines.size() - 1));
    assertThat(report).exists().hasFileName("report.md").startsWith(dir.resolve("reports/small"));
    assertThat(report.resolveSibling("steps.png")).exists();
    assertThat(Files.readString(report)).contains("| freeze |").contains("1,000");
    assertThat(report.resolveSibling("comment.md")).exists();
    assertThat(report.resolveSibling("report.html")).exists();
    assertThat(report.resolveSibling("steps.svg")).exists();
    Path run;
    try (var runs = Files.list(dir.resolve("results/small"))) {
      run = runs.findFirst().orElseThrow();
      assertThat(Files.readAllLines(run.resolve("timings.csv"))).hasSize(1 + 2 * 3);
    }

    // comment prints comment.md alone, for `| gh issue comment N --body-file -`
    out.reset();
    String reports = dir.resolve("reports").toString();
    assertThat(run("comment", run.toString(), "--reports", reports)).isEqualTo(ExitCode.OK);
    assertThat(out.toString(StandardCharsets.UTF_8))
        .startsWith("### pgloadbench: small\n")
        .contains("```mermaid")
        .isEqualTo(Files.readString(report.resolveSibling("comment.md")));

    // a base version the run does not have is bad usage, one line
    err.reset();
    assertThat(run("report", run.toString(), "--reports", reports, "--base-pg", "15"))
        .isEqualTo(ExitCode.USAGE);
    assertThat(errLines())
        .singleElement()
        .asString()
        .contains("--base-pg (BASE_PG=) 15 is not a version of this run");

    // compare of a run with itself: every row the same, exit 0 even with a threshold
    out.reset();
    Path compareDir = dir.resolve("compare");
    assertThat(
            run(
                "compare",
                run.toString(),
                run.toString(),
                "--fail-above",
                "5",
                "--out",
                compareDir.toString()))
        .isEqualTo(ExitCode.OK);
    assertThat(out.toString()).contains("base: ").contains("no verdict");
    assertThat(compareDir.resolve("compare.md")).exists();
    err.reset();
    assertThat(run("compare", run.toString(), run.toString(), "--fail-above", "lots"))
        .isEqualTo(ExitCode.USAGE);
    assertThat(errLines()).singleElement().asString().contains("FAIL_ABOVE=");
  }

  private int run(String... args) {
    return Main.run(
        new PrintWriter(out, true, StandardCharsets.UTF_8),
        new PrintWriter(err, true, StandardCharsets.UTF_8),
        args);
  }

  private List<String> errLines() {
    return new ArrayList<>(err.toString(StandardCharsets.UTF_8).lines().toList());
  }

  private Path write(String name, String text) throws Exception {
    return Files.writeString(dir.resolve(name), text);
  }
}
