package org.pgloadbench.report;

import java.util.List;
import java.util.Locale;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.render.Formats;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.render.MarkdownPage;
import org.pgloadbench.render.Noise;
import org.pgloadbench.render.Section;
import org.pgloadbench.render.Table;
import org.pgloadbench.results.Sample;
import org.pgloadbench.results.StoredRun;
import org.pgloadbench.results.Summary;

/**
 * Every measured figure with what its repetitions say of it: per version, cell, table and step, the
 * median with its 95% confidence interval, mean, standard deviation, min, max and coefficient of
 * variation. Folded, since it is long and read only to check a figure.
 */
final class StatisticsSection implements Section<ReportedRun> {
  @Override
  public boolean applies(ReportedRun run) {
    return run.measured();
  }

  @Override
  public void render(ReportedRun run, MarkdownPage page) {
    StoredRun results = run.results();
    Table table =
        Table.of(
            4,
            "PostgreSQL",
            "cell",
            "table",
            "step",
            "n",
            "median",
            "95% CI",
            "mean",
            "sd",
            "min",
            "max",
            "CV");
    for (RunCell c : RunCell.of(results)) {
      for (String name : c.tables()) {
        for (StepKind step : c.steps()) {
          Sample sample = c.table(name).seconds(List.of(step));
          if (sample.isEmpty()) {
            continue;
          }
          Summary s = sample.summary();
          table.row(
              Markdown.text(c.version()),
              Markdown.text(c.cell()),
              Markdown.text(Formats.table(name)),
              Markdown.text(step.yamlName()),
              Integer.toString(s.n()),
              Formats.significant(s.median()),
              interval(s),
              Formats.significant(s.mean()),
              s.n() < 2 ? "–" : Formats.significant(s.sd()),
              Formats.significant(s.min()),
              Formats.significant(s.max()),
              cv(s));
        }
      }
    }
    page.heading(2, "Statistics")
        .block(
            "<details><summary>Seconds per version, cell, table and step: median, 95% confidence"
                + " interval of the median, mean, sd, min, max, coefficient of"
                + " variation</summary>")
        .table(table)
        .block("</details>");
  }

  /** "1.20–1.31", or a dash where one value gives no interval. */
  static String interval(Summary s) {
    return Double.isNaN(s.ciLow())
        ? "–"
        : Formats.significant(s.ciLow()) + "–" + Formats.significant(s.ciHigh());
  }

  static String cv(Summary s) {
    if (s.n() < 2 || Double.isNaN(s.cv())) {
      return "–";
    }
    return String.format(Locale.ROOT, "%.1f%%", s.cv() * 100) + Noise.flag(s);
  }
}
