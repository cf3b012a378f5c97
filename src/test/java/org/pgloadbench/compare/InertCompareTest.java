package org.pgloadbench.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.pgloadbench.report.HostileRun.CELL;
import static org.pgloadbench.report.HostileRun.CELL2;
import static org.pgloadbench.report.HostileRun.RUN_DIR;
import static org.pgloadbench.report.HostileRun.SCENARIO_DIR;
import static org.pgloadbench.report.HostileRun.STEP;
import static org.pgloadbench.report.HostileRun.TABLE;
import static org.pgloadbench.report.HostileRun.V2;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.report.HostileRun;
import org.pgloadbench.report.Inert;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.StoredRun;

/**
 * compare.md of two stored runs whose every string is hostile: the sources, the rows' version,
 * cell, table and step, and the rows on one side only show as text; no HTML, no broken table.
 */
class InertCompareTest {
  @TempDir Path dir;

  @Test
  void compareMarkdownShowsTheRunsStringsAsText() throws Exception {
    Path base = HostileRun.write(dir.resolve("a"));
    Path other = HostileRun.write(dir.resolve("b"));
    // the new run lacks the hostile step, so that its rows are listed as on one side only
    Path steps = other.resolve(ResultStore.STEPS);
    List<String> kept =
        Files.readAllLines(steps).stream().filter(l -> !l.contains("\"" + STEP + "\"")).toList();
    Files.write(steps, kept);

    String markdown =
        CompareReport.markdown(RunComparison.of(StoredRun.load(base), StoredRun.load(other)));

    Inert.assertMarkdown(markdown);
    assertThat(Inert.shown(markdown))
        .contains("base: results/" + SCENARIO_DIR + "/" + RUN_DIR)
        .contains(V2 + " " + CELL + " " + TABLE + " copy")
        .contains(V2 + " " + CELL2.replaceAll("\\s+", " ") + " all total")
        .contains("only in base: PostgreSQL " + V2 + " · " + CELL + " · " + TABLE + " · " + STEP);
  }
}
