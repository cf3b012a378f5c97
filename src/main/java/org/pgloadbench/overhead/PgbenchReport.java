package org.pgloadbench.overhead;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.render.MarkdownPage;
import org.pgloadbench.render.Section;
import org.pgloadbench.render.Table;
import org.pgloadbench.results.PgbenchPhases;
import org.pgloadbench.results.Sample;
import org.pgloadbench.results.StoredRun;

/**
 * The pgbench -i head-to-head as a report section, from its stored loads: per phase (as pgbench
 * names them; the harness's steps grouped into them) the medians of pgbench and of each harness
 * cell, their ratio to pgbench paired by round with the verdict, and the two goals: the
 * pgbench-equivalent cell's client-side generate at most 1.0x pgbench's, and the binary cell's
 * whole -i at most {@link #BINARY_GOAL}x pgbench's.
 *
 * @param version the server the pair ran on, as results name it
 * @param equivalent the label of the cell that does what pgbench does
 * @param binary the label of the binary COPY cell, or null
 */
public record PgbenchReport(String version, String equivalent, String binary)
    implements Section<StoredRun> {
  static final String GENERATE = PgbenchPhases.phase(StepKind.COPY);
  private static final String TOTAL = "total";

  /**
   * The binary cell's whole -i against pgbench's: binary COPY spares the server parsing text, the
   * one gain a client can bring to what pgbench -i does.
   */
  public static final double BINARY_GOAL = 0.85;

  @Override
  public void render(StoredRun run, MarkdownPage page) {
    List<String> cells = binary == null ? List.of(equivalent) : List.of(equivalent, binary);
    Set<String> phases = new LinkedHashSet<>();
    PgbenchInit.STEPS.forEach(step -> phases.add(PgbenchPhases.phase(step)));
    for (String contender : cells) {
      run.steps(version, contender).forEach(step -> phases.add(PgbenchPhases.phase(step)));
    }
    phases.add(TOTAL);
    page.heading(2, "pgbench -i against the harness's pgbench-init cells")
        .block(
            "Seconds: median (min–max) over the rounds; ratio: the harness's cell / pgbench -i"
                + " in the same round, the median with its 95% interval, and the verdict.");
    List<String> header = new ArrayList<>(List.of("phase", PgbenchInit.NAME + " s"));
    for (String cell : cells) {
      header.add("cell " + Markdown.text(cell) + " s");
      header.add(Markdown.text(cell) + " / " + PgbenchInit.NAME);
      header.add("verdict");
    }
    Table table = Table.aligned("lr" + "rrl".repeat(cells.size()), header.toArray(String[]::new));
    for (String phase : phases) {
      Sample base = sample(run, version, PgbenchInit.NAME, phase);
      List<String> row =
          new ArrayList<>(List.of(Markdown.text(phase), OverheadReport.seconds(base)));
      for (String cell : cells) {
        row.addAll(OverheadReport.against(base, sample(run, version, cell, phase)));
      }
      table.row(row);
    }
    page.table(table);
    Sample generate = sample(run, version, PgbenchInit.NAME, GENERATE);
    StringBuilder goals = new StringBuilder();
    goals.append(
        OverheadReport.goal(
            equivalent,
            "at most 1.0× pgbench's client-side generate",
            OverheadReport.paired(generate, sample(run, version, equivalent, GENERATE)),
            c -> c.ratio() <= 1.0));
    if (binary != null) {
      goals.append(
          OverheadReport.goal(
              binary,
              "the whole -i at most " + BINARY_GOAL + "× pgbench -i's",
              OverheadReport.paired(
                  sample(run, version, PgbenchInit.NAME, TOTAL),
                  sample(run, version, binary, TOTAL)),
              c -> c.ratio() <= BINARY_GOAL));
    }
    page.block(goals.toString());
  }

  /** A contender's seconds of one phase (or the total) per round, summed over its tables. */
  private static Sample sample(StoredRun run, String version, String contender, String phase) {
    List<StepKind> steps =
        run.steps(version, contender).stream()
            .filter(s -> phase.equals(TOTAL) || PgbenchPhases.phase(s).equals(phase))
            .toList();
    return run.seconds(version, contender, run.tables(version), steps);
  }
}
