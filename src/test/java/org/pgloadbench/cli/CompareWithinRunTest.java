package org.pgloadbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.server.TestBuilds;
import org.pgloadbench.server.WorkRoots;

/**
 * A patch check as the CI recipe of docs/reports-and-compare.md runs it: HEAD and a patch in one
 * run, round by round, with a control, then {@code compare <run> --fail-above 5}. The patch here is
 * HEAD's binaries behind a wrapper that delays every commit, so it is really slower.
 */
@Tag("server")
@Tag("timing")
class CompareWithinRunTest {
  @TempDir Path dir;

  @Test
  void aSlowerBuildFailsTheThresholdUnlessTheControlDrifted() throws Exception {
    Path builds =
        WorkRoots.enterable(Files.createDirectories(WorkRoots.enterable(dir).resolve("b")));
    Path head = TestBuilds.copyOfEmbedded("17", builds.resolve("head"));
    Path patch = slowed(TestBuilds.copyOfEmbedded("17", builds.resolve("patch")));
    Path scenario =
        Files.writeString(
            dir.resolve("patch.yaml"),
            """
            name: patch
            dataset: {kind: osm-synthetic, tables: [nodes], rows: {nodes: 5000}}
            servers: {target: local, builds: [head, patch]}
            repeat: 6
            warmup: 0
            steps: [create, copy, analyze, checkpoint]
            """);
    StringWriter err = new StringWriter();
    assertThat(
            Main.run(
                new PrintWriter(new StringWriter()),
                new PrintWriter(err),
                "bench",
                scenario.toString(),
                "--builds",
                "head=" + head + ",patch=" + patch,
                "--work-dir",
                dir.resolve("servers").toString(),
                "--results",
                dir.resolve("results").toString(),
                "--reports",
                dir.resolve("reports").toString()))
        .as(err.toString())
        .isZero();
    Path run;
    try (Stream<Path> runs = Files.list(dir.resolve("results/patch"))) {
      run = runs.findFirst().orElseThrow();
    }

    StringWriter out = new StringWriter();
    StringWriter compareErr = new StringWriter();
    int exit =
        Main.run(
            new PrintWriter(out),
            new PrintWriter(compareErr),
            "compare",
            run.toString(),
            "--fail-above",
            "5",
            "--out",
            dir.resolve("compare").toString());
    String compare = Files.readString(dir.resolve("compare/compare.md"));
    assertThat(compare)
        .contains("| PostgreSQL head (base) | PostgreSQL head-control | PostgreSQL patch |")
        .doesNotContain("no difference can be called significant")
        // the totals' table: the patch's total alone in its family (the control stands apart),
        // tested over the run's 3 server starts (restart: auto, every 2 rounds)
        .contains("by Student's t over the starts")
        .containsPattern(
            "\\| default \\| .* \\| .* \\| .*\\*\\*slower\\*\\* \\(p (0\\.0[0-4]\\d*|<0\\.001)\\)"
                + " \\|");
    // Two identical servers differ at p < 0.05 in about one run of twenty by chance, more on a
    // busy machine: then compare must say so and exit 3, never 1.
    if (compare.contains("Machine drifting, verdicts not trusted")) {
      assertThat(exit).as(compareErr.toString()).isEqualTo(3);
      return;
    }
    assertThat(compare).contains("**Control:** PostgreSQL head-control");
    assertThat(exit).as(compareErr.toString()).isEqualTo(1);
    assertThat(compareErr.toString()).contains("total(s) significantly slower by more than 5");
  }

  /** The build behind a wrapper whose server waits 50 ms before each commit's flush. */
  private static Path slowed(Path bin) throws Exception {
    Path real = Files.move(bin.resolve("postgres"), bin.resolve("postgres.real"));
    Path wrapper = bin.resolve("postgres");
    Files.writeString(
        wrapper,
        """
        #!/bin/sh
        # initdb's bootstrap and single-user runs, and version checks, as they are
        case "$1" in
          --boot|--single|-V|--version|-C|--describe-config) exec "%1$s" "$@" ;;
        esac
        exec "%1$s" "$@" -c commit_delay=50000 -c commit_siblings=0
        """
            .formatted(real));
    Files.setPosixFilePermissions(wrapper, PosixFilePermissions.fromString("rwxr-xr-x"));
    return bin;
  }
}
