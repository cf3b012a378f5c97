package org.pgloadbench.overhead;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.render.MarkdownPage;
import org.pgloadbench.results.Measurements;
import org.pgloadbench.results.StepKey;
import org.pgloadbench.results.StoredRun;
import org.pgloadbench.run.Rounds;
import org.pgloadbench.scenario.ScenarioLoader;

/**
 * The streamed COPY's goals from stored loads: a load of a second or more is judged, a shorter one
 * shown with its length but not judged, and each goal says met or not met from the cases judged;
 * the client alone, over a small table many times, is compared row for row.
 */
class CopyGoalsTest {
  static final String V = "17.6";

  @TempDir Path dir;

  @Test
  void judgesLongLoadsOnlyAndSaysWhichGoalIsMet() throws Exception {
    Path results = dir.resolve("results");
    try (OverheadResults stored =
        new OverheadResults(
            results,
            "r",
            ScenarioLoader.load(Path.of("scenarios/middle-pk-freeze.yaml")),
            new Rounds(0, 3),
            "test")) {
      for (int round = 1; round <= 3; round++) {
        // nodes: 1.5 s, 1.2x its driver streaming the file, 1.03x the server reading it
        load(stored, "planet_osm_nodes", round, Contenders.HARNESS, 1.50);
        load(stored, "planet_osm_nodes", round, Contenders.JDBC_FILE, 1.25);
        load(stored, "planet_osm_nodes", round, Contenders.SERVER_FILE, 1.46);
        load(stored, "planet_osm_nodes", round, EncodeOnly.NAME, 0.10);
        // rels: far too slow, but too short to judge the harness; the client only 5x the server
        load(stored, "planet_osm_rels", round, Contenders.HARNESS, 0.05);
        load(stored, "planet_osm_rels", round, Contenders.JDBC_FILE, 0.02);
        load(stored, "planet_osm_rels", round, Contenders.SERVER_FILE, 0.02);
        // the client alone went over the 1,000 relations 200 times: 0.004 s a pass
        load(stored, "planet_osm_rels", round, EncodeOnly.NAME, 0.8, 200_000);
      }
    }
    MarkdownPage page = MarkdownPage.report();
    CopyReport.render(StoredRun.load(results), V, page);
    String report = page.toString();

    assertThat(report)
        .contains("## Goals")
        .contains("- goal, harness / jdbc-file at most 1.03× ")
        .contains("on loads of 1.0 s or more: **not met** (0 of 1 judged cases met)")
        .contains("  - nodes, text, 1 conn, load 1.500 s: 1.20× (1.20–1.20): not met (1.200)")
        .contains("  - rels, text, 1 conn, load 0.050 s: 2.50× (2.50–2.50): not judged")
        .containsPattern("server-file at most 1.1× .*: \\*\\*met\\*\\* \\(1 of 1 judged cases met\\)")
        .contains("nodes, text, 1 conn, load 1.500 s: 1.03× (1.03–1.03): met (1.027)")
        .contains("the server's rows/s on every table and format: **not met** (1 of 2 judged")
        .contains("nodes, text, 1 conn, server load 1.460 s: client 14.6× the server's rows/s: met")
        .contains("rels, text, 1 conn, server load 0.020 s: client 5.0× the server's rows/s: not met");
  }

  private static void load(
      OverheadResults results, String table, int round, String contender, double seconds)
      throws java.io.IOException {
    load(results, table, round, contender, seconds, 1000);
  }

  private static void load(
      OverheadResults results,
      String table,
      int round,
      String contender,
      double seconds,
      long rows)
      throws java.io.IOException {
    Map<String, String> axes = new LinkedHashMap<>();
    axes.put("format", "text");
    axes.put("connections", "1");
    results.add(
        List.of(
            results.step(
                new StepKey(
                    V, HeadToHead.cell(contender, axes), round, table, StepKind.COPY, null),
                OverheadResults.axes(contender, axes),
                Measurements.timed(seconds).rows(rows).build(),
                null)));
  }
}
