package org.pgloadbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.history.HistoryRuns;

/**
 * {@code history} on results directories written by the real ResultStore: 30 runs of a two-cell
 * scenario, a step in one cell found at its run, none in A/A runs, and {@code --fail-on-change}'s
 * exit code.
 */
class HistoryCommandTest {
  @TempDir Path dir;
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int history(String... args) {
    String[] all = new String[args.length + 6];
    all[0] = "history";
    all[1] = HistoryRuns.SCENARIO;
    all[2] = "--results";
    all[3] = dir.resolve("results").toString();
    all[4] = "--reports";
    all[5] = dir.resolve("reports").toString();
    System.arraycopy(args, 0, all, 6, args.length);
    return Main.run(new PrintWriter(out), new PrintWriter(err), all);
  }

  private String report() throws Exception {
    String[] lines = out.toString().strip().split("\n");
    Path report = Path.of(lines[lines.length - 1]);
    assertThat(report).isEqualTo(dir.resolve("reports/history/two-cells/report.md"));
    assertThat(report.resolveSibling("history-1.png")).exists();
    return Files.readString(report);
  }

  @Test
  void findsAStepInOneCellAtTheRunItBegan() throws Exception {
    HistoryRuns.write(
        dir.resolve("results"),
        30,
        (run, cell) -> cell.equals("binary") && run >= 20 ? 1.05 : 1,
        20,
        1);

    assertThat(history("--fail-on-change")).as(err.toString()).isZero();

    String report = report();
    assertThat(report).contains("| 17 · binary · total · machine ");
    String row =
        report.lines().filter(l -> l.startsWith("| 17 · binary · total")).findFirst().orElseThrow();
    assertThat(row)
        .contains(HistoryRuns.id(19) + " (2026-01-20 10:00)")
        .contains(HistoryRuns.id(20) + " (2026-01-21 10:00)")
        .contains("harness revision: v1 → v2")
        .contains("| 10 |");
    assertThat(report.lines().filter(l -> l.startsWith("| 17 · text · total")).count())
        .as("text: only its row in the series table")
        .isOne();
  }

  @Test
  void findsNoChangeInRunsWithoutOne() throws Exception {
    HistoryRuns.write(dir.resolve("results"), 30, (run, cell) -> 1, 99, 2);

    assertThat(history("--fail-on-change")).as(err.toString()).isZero();

    assertThat(report()).contains("No change point in any series.");
  }

  @Test
  void failsWhenTheNewestRunsStartASlowerSegment() throws Exception {
    HistoryRuns.write(
        dir.resolve("results"),
        30,
        (run, cell) -> cell.equals("text") && run >= 26 ? 1.1 : 1,
        99,
        3);

    assertThat(history("--fail-on-change", "--step", "copy")).isEqualTo(ExitCode.SLOWER);

    assertThat(err.toString()).contains("slower since run " + HistoryRuns.id(26)).contains("text");
    assertThat(report()).contains("| 17 · text · copy · machine ");
    assertThat(history("--step", "copy")).as("without --fail-on-change").isZero();
  }

  @Test
  void refusesAnUnknownScenarioCellOrStepAndTooFewRuns() throws Exception {
    HistoryRuns.write(dir.resolve("results"), 5, (run, cell) -> 1, 99, 4);

    assertThat(history("--cell", "csv")).isEqualTo(ExitCode.USAGE);
    assertThat(err.toString())
        .contains("no cell csv in the runs of two-cells; cells there: binary, text");
    assertThat(history("--step", "vacuum")).isEqualTo(ExitCode.USAGE);
    assertThat(err.toString()).contains("no step vacuum").contains("copy, primary_key, total");
    assertThat(history()).isEqualTo(ExitCode.USAGE);
    assertThat(err.toString()).contains("has 5 runs in its longest series; a change point needs 6");
    err.getBuffer().setLength(0);
    assertThat(
            Main.run(
                new PrintWriter(out),
                new PrintWriter(err),
                "history",
                "nowhere",
                "--results",
                dir.resolve("results").toString()))
        .isEqualTo(ExitCode.USAGE);
    assertThat(err.toString().strip())
        .doesNotContain("\n")
        .endsWith(
            "no runs of scenario nowhere in "
                + dir.resolve("results")
                + "; scenarios there: two-cells");
  }
}
