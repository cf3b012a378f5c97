package org.pgloadbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.pgloadbench.report.HostileRun.RUN_DIR;
import static org.pgloadbench.report.HostileRun.SCENARIO_DIR;
import static org.pgloadbench.report.HostileRun.V2;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.compare.CompareReport;
import org.pgloadbench.report.HostileRun;
import org.pgloadbench.report.Inert;

/**
 * compare.md of one stored run whose every string is hostile, its hostile version as the base: the
 * run's directory (backticks, '|', HTML) and the base show as the text they are, no HTML, no broken
 * table.
 */
class InertCompareWithinRunTest {
  @TempDir Path dir;

  @Test
  void compareWithinRunShowsTheRunsStringsAsText() throws Exception {
    Path run = HostileRun.write(dir);
    CompareWithinRun.run(
        run,
        V2,
        null,
        false,
        dir.resolve("out"),
        new PrintWriter(new StringWriter()),
        new PrintWriter(new StringWriter()));
    String markdown = Files.readString(dir.resolve("out").resolve(CompareReport.FILE));

    Inert.assertMarkdown(markdown);
    assertThat(Inert.shown(markdown))
        .contains(
            "Run results/" + SCENARIO_DIR + "/" + RUN_DIR + ": every server against " + V2 + ".");
  }
}
