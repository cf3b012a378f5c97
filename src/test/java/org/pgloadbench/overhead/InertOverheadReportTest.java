package org.pgloadbench.overhead;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.pgloadbench.copy.CopyFormat;
import org.pgloadbench.dataset.MiddleTable;
import org.pgloadbench.overhead.HeadToHead.Case;
import org.pgloadbench.report.Inert;
import org.pgloadbench.variant.MiddleFormat;

/**
 * The overhead report's sections, fed the strings a server and a scenario put into them (setup
 * lines with versions and settings, cell labels, pgbench's phase names, osm2pgsql's log phases,
 * errors), hostile: each shows as text, none makes HTML, a link or a broken table.
 */
class InertOverheadReportTest {
  static final String SETUP = "run r, PostgreSQL 17.6<script>alert('v')</script>, settings {x=|}";
  static final String WHY = "- stopped: <img src=x onerror=alert('why')>\n| x |";
  static final String LABEL = "ways|<b>legacy</b>";
  static final String ERROR = "ERROR: <script>alert('e')</script>\n| `x` |";
  static final String CELL = "seed-best|<img src=x onerror=alert('cell')>";
  static final String PHASE = "generate<svg onload=alert('phase')>";
  static final String PART = "[part](javascript:alert('part'))";

  @Test
  void headToHeadSection() {
    Case of =
        new Case(LABEL, MiddleTable.WAYS.tableDef(MiddleFormat.NEW), null, CopyFormat.TEXT, 1);
    List<HeadToHead.Load> loads = new ArrayList<>();
    for (int round = 1; round <= 3; round++) {
      loads.add(new HeadToHead.Load(of, HarnessCopy.NAME, round, 1.0 + round, 0.5, 100, null));
      loads.add(new HeadToHead.Load(of, PsqlCopy.NAME, round, 1.1 + round, null, 100, null));
    }
    loads.add(new HeadToHead.Load(of, PsqlCopy.NAME, 4, 0, null, 0, ERROR));
    String markdown =
        OverheadReport.markdown(
            new OverheadReport.Setup(List.of(SETUP), Map.of("osm2pgsql", WHY)), loads);

    Inert.assertMarkdown(markdown);
    assertThat(Inert.shown(markdown))
        .contains(SETUP)
        .contains("osm2pgsql skipped: " + norm(WHY))
        .contains(LABEL + " text 1")
        .contains(LABEL + " text x1, psql, round 4: " + norm(ERROR));
  }

  @Test
  void pgbenchSection() {
    List<PgbenchHeadToHead.Phases> phases = new ArrayList<>();
    for (int round = 1; round <= 3; round++) {
      for (String contender : List.of(PgbenchInit.NAME, CELL)) {
        Map<String, Double> seconds = new LinkedHashMap<>();
        seconds.put(PHASE, 1.0 + round);
        seconds.put("total", 2.0 + round);
        phases.add(new PgbenchHeadToHead.Phases(contender, round, seconds, null));
      }
    }
    phases.add(new PgbenchHeadToHead.Phases(CELL, 4, Map.of(), ERROR));
    String markdown = PgbenchReport.markdown(phases, CELL, null);

    Inert.assertMarkdown(markdown);
    assertThat(Inert.shown(markdown))
        .contains("cell " + CELL + " s " + CELL + " / pgbench -i")
        .contains(PHASE + " 3.00")
        .contains("goal, " + CELL + ":")
        .contains("failed: " + CELL + ", round 4: " + norm(ERROR));
  }

  @Test
  void osm2pgsqlSection() {
    List<Osm2pgsqlHeadToHead.Load> loads = new ArrayList<>();
    for (int round = 1; round <= 3; round++) {
      for (String contender : List.of(Osm2pgsqlImport.NAME, CELL, "best")) {
        loads.add(
            new Osm2pgsqlHeadToHead.Load(contender, round, 10.0 + round, Map.of(PART, 1.0), null));
      }
    }
    loads.add(new Osm2pgsqlHeadToHead.Load(CELL, 4, 0, Map.of(), ERROR));
    String markdown = Osm2pgsqlReport.markdown(loads, CELL, "best");

    Inert.assertMarkdown(markdown);
    assertThat(Inert.shown(markdown))
        .contains("cell " + CELL + " 12.0")
        .contains(CELL + " " + PART + " 1.00")
        .contains("goal, " + CELL + ":")
        .contains("failed: " + CELL + ", round 4: " + norm(ERROR));
  }

  private static String norm(String text) {
    return text.replaceAll("\\s+", " ").strip();
  }
}
