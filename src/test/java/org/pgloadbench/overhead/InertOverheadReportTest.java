package org.pgloadbench.overhead;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.render.MarkdownPage;
import org.pgloadbench.render.Section;
import org.pgloadbench.report.Inert;
import org.pgloadbench.results.Measurements;
import org.pgloadbench.results.StepKey;
import org.pgloadbench.results.StoredRun;
import org.pgloadbench.run.Rounds;
import org.pgloadbench.scenario.ScenarioLoader;

/**
 * The overhead report's sections, fed the strings a server, a scenario and a file put into them
 * (setup lines with versions and settings, table names, cell labels, a PBF file's name, errors),
 * hostile: each shows as text, none makes HTML, a link or a broken table.
 */
class InertOverheadReportTest {
  static final String V = "17.6";
  static final String SETUP = "run r, PostgreSQL 17.6<script>alert('v')</script>, settings {x=|}";
  static final String WHY = "- stopped: <img src=x onerror=alert('why')>\n| x |";
  static final String TABLE = "ways|<b>legacy</b>";
  static final String ERROR = "ERROR: <script>alert('e')</script>\n| `x` |";
  static final String CELL = "seed-best|<img src=x onerror=alert('cell')>";
  static final String PBF = "[file](javascript:alert('pbf')).osm.pbf";

  @TempDir Path dir;

  @Test
  void headToHeadSection() throws Exception {
    Map<String, String> axes = new LinkedHashMap<>();
    axes.put("format", "text");
    axes.put("connections", "1");
    StoredRun run =
        stored(
            results -> {
              for (int round = 1; round <= 4; round++) {
                for (String contender : List.of(Contenders.HARNESS, PsqlCopy.NAME)) {
                  StepKey key =
                      new StepKey(
                          V, HeadToHead.cell(contender, axes), round, TABLE, StepKind.COPY, null);
                  boolean fails = round == 4 && contender.equals(PsqlCopy.NAME);
                  results.add(
                      List.of(
                          results.step(
                              key,
                              OverheadResults.axes(contender, axes),
                              Measurements.timed(1.0 + round).rows(100L).build(),
                              fails ? ERROR : null)));
                }
              }
            });
    String markdown =
        OverheadReport.markdown(
            new OverheadReport.Setup(List.of(SETUP), Map.of("osm2pgsql", WHY)), run, V, List.of());

    Inert.assertMarkdown(markdown);
    assertThat(Inert.shown(markdown))
        .contains(SETUP)
        .contains("osm2pgsql skipped: " + norm(WHY))
        .contains(TABLE + " text 1")
        .contains("PostgreSQL 17.6, psql+text+conn-1, " + TABLE + " copy, round 4: " + norm(ERROR));
  }

  @Test
  void pgbenchSection() throws Exception {
    StoredRun run =
        stored(
            results -> {
              for (int round = 1; round <= 3; round++) {
                for (StepKind step : PgbenchInit.STEPS) {
                  results.add(
                      List.of(
                          step(results, PgbenchInit.NAME, round, "all", step, 1.0 + round),
                          step(results, CELL, round, TABLE, step, 0.5 + round)));
                }
              }
            });
    String markdown = alone(new PgbenchReport(V, CELL, null), run);

    Inert.assertMarkdown(markdown);
    assertThat(Inert.shown(markdown))
        .contains("cell " + CELL + " s " + CELL + " / pgbench -i")
        .contains("client-side generate 3.00")
        .contains("goal, " + CELL + ":");
  }

  @Test
  void osm2pgsqlSection() throws Exception {
    StoredRun run =
        stored(
            results -> {
              for (int round = 1; round <= 3; round++) {
                results.add(
                    List.of(
                        step(results, Osm2pgsqlImport.NAME, round, PBF, StepKind.IMPORT, 10),
                        step(results, Osm2pgsqlHeadToHead.DECODE, round, PBF, StepKind.PREPARE, 1),
                        step(results, CELL, round, TABLE, StepKind.COPY, 11.0 + round),
                        step(results, "best", round, TABLE, StepKind.COPY, 5)));
              }
            });
    Path logs = Files.createDirectories(dir.resolve("logs"));
    Files.writeString(
        Osm2pgsqlHeadToHead.log(logs, 1),
        "Reading input files done in 3s.\n",
        StandardCharsets.UTF_8);
    String markdown = alone(new Osm2pgsqlReport(V, logs, PBF, CELL, "best"), run);

    Inert.assertMarkdown(markdown);
    assertThat(Inert.shown(markdown))
        .contains("cell " + CELL + " 13.0")
        .contains(CELL + " copy 13.0")
        .contains(Osm2pgsqlImport.READING + " 3.00")
        .contains("goal, " + CELL + ":");
    // the goal is the ratio, and says how the pair differs from the one here
    assertThat(markdown)
        .contains("at most " + Osm2pgsqlReport.BEST_GOAL + "× osm2pgsql's middle time")
        .contains(
            "its 212 min is text COPY FREEZE then the primary key in the new middle format, against"
                + " 343 min of osm2pgsql's COPY phase alone (no indexes built after it), and 0.66×"
                + " its hand-run COPY with the key, 322 min")
        .contains(
            "here the cell is binary COPY FREEZE then the key in the legacy format, all its steps,"
                + " against osm2pgsql's whole process");
    assertThat(Osm2pgsqlReport.BEST_GOAL).isEqualTo(0.62);
  }

  private interface Fill {
    void into(OverheadResults results) throws Exception;
  }

  private StoredRun stored(Fill fill) throws Exception {
    Path results = dir.resolve("results");
    try (OverheadResults stored =
        new OverheadResults(
            results,
            "r",
            ScenarioLoader.load(Path.of("scenarios/middle-pk-freeze.yaml")),
            new Rounds(0, 3),
            "test")) {
      fill.into(stored);
    }
    return StoredRun.load(results);
  }

  private static org.pgloadbench.results.StepResult step(
      OverheadResults results, String cell, int round, String table, StepKind step, double s) {
    return results.step(
        new StepKey(V, cell, round, table, step, null),
        OverheadResults.axes(cell, Map.of()),
        Measurements.timed(s).build(),
        null);
  }

  /** A pair's section on a page of its own. */
  static String alone(Section<StoredRun> section, StoredRun run) {
    return MarkdownPage.report().sections(List.of(section), run).toString();
  }

  private static String norm(String text) {
    return text.replaceAll("\\s+", " ").strip();
  }
}
