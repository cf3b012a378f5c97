package org.pgloadbench.compare;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;
import org.pgloadbench.analysis.Comparison;
import org.pgloadbench.dataset.MiddleTable;
import org.pgloadbench.render.Charts;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.render.Table;
import org.pgloadbench.render.Verdicts;
import org.pgloadbench.results.Summary;

/**
 * A {@link RunComparison} as people read it, in the spirit of Go's benchstat: both medians with the
 * spread of their 95% interval, the change, the p-value and the verdict; in the terminal as aligned
 * columns, in {@code compare.md} as a table.
 */
public final class CompareReport {
  public static final String FILE = "compare.md";
  public static final String CHART = "compare";

  private static final List<String> HEADER =
      List.of(
          "PostgreSQL", "cell", "table", "step", "base (s)", "new (s)", "delta", "p", "verdict");

  private CompareReport() {}

  /** Aligned columns for a terminal. */
  public static String text(RunComparison comparison) {
    List<List<String>> lines = new ArrayList<>();
    lines.add(HEADER);
    comparison.rows().forEach(r -> lines.add(cells(r)));
    int[] widths = new int[HEADER.size()];
    for (List<String> line : lines) {
      for (int i = 0; i < line.size(); i++) {
        widths[i] = Math.max(widths[i], line.get(i).length());
      }
    }
    StringBuilder out = new StringBuilder();
    out.append("base: ").append(comparison.baseSource()).append('\n');
    out.append("new:  ").append(comparison.newSource()).append('\n');
    setAside(comparison, out, "", UnaryOperator.identity());
    for (List<String> line : lines) {
      StringBuilder row = new StringBuilder();
      for (int i = 0; i < line.size(); i++) {
        String cell = line.get(i);
        boolean number = i >= 4 && i <= 7;
        String padded =
            number
                ? " ".repeat(widths[i] - cell.length()) + cell
                : cell + " ".repeat(widths[i] - cell.length());
        row.append(padded).append(i < line.size() - 1 ? "  " : "");
      }
      out.append(row.toString().stripTrailing()).append('\n');
    }
    onlyOneSide(comparison, out, "", UnaryOperator.identity());
    summary(comparison, out);
    return out.toString();
  }

  /** {@code compare.md}. */
  public static String markdown(RunComparison comparison, String chartFile) {
    StringBuilder out = new StringBuilder();
    out.append("# Compare\n\n");
    out.append("- base: ").append(Markdown.code(comparison.baseSource())).append('\n');
    out.append("- new: ").append(Markdown.code(comparison.newSource())).append('\n');
    setAside(comparison, out, "- ", Markdown::text);
    out.append('\n');
    Table table = Table.aligned("llllrrrrl", HEADER.toArray(String[]::new));
    for (RunComparison.Row row : comparison.rows()) {
      List<String> cells = cells(row);
      // the run's strings: version, cell, table, step
      for (int i = 0; i < 4; i++) {
        cells.set(i, Markdown.text(cells.get(i)));
      }
      if (row.total()) {
        cells.set(3, "**total**");
      }
      table.row(cells);
    }
    table.appendTo(out);
    out.append('\n');
    if (!comparison.onlyBase().isEmpty() || !comparison.onlyNew().isEmpty()) {
      out.append("## On one side only\n\n");
      onlyOneSide(comparison, out, "- ", Markdown::text);
      out.append('\n');
    }
    summary(comparison, out);
    out.append('\n');
    if (chartFile != null) {
      out.append("![base and new totals](").append(chartFile).append(")\n\n");
    }
    out.append("<sub>Seconds: median of the repetitions ± half the width of its 95% confidence")
        .append(
            " interval, relative. Delta: new median against base median. A total sums the tables"
                + " and steps both sides measured. ")
        .append(Verdicts.rule().replace("**", ""))
        .append("</sub>\n");
    return out.toString();
  }

  /** Writes {@code compare.md} and its chart (PNG and SVG) into {@code dir}; returns the file. */
  public static Path write(RunComparison comparison, Path dir) throws IOException {
    Files.createDirectories(dir);
    String chart =
        comparison.rows().isEmpty()
            ? null
            : Charts.write(CompareChart.chart(comparison), dir, CHART);
    Path file = dir.resolve(FILE);
    Files.writeString(file, markdown(comparison, chart), StandardCharsets.UTF_8);
    return file;
  }

  private static List<String> cells(RunComparison.Row row) {
    Comparison c = row.comparison();
    return new ArrayList<>(
        List.of(
            row.version(),
            row.cell(),
            MiddleTable.shortName(row.table()),
            row.step(),
            figure(c.base()),
            figure(c.other()),
            Double.isNaN(c.ratio())
                ? "–"
                : String.format(Locale.ROOT, "%+.1f%%", row.deltaPercent()),
            Verdicts.pValue(c.pTwoSided()),
            Verdicts.of(c.verdict())));
  }

  /** "0.512 ±3%": the median and the relative half-width of its 95% interval. */
  static String figure(Summary s) {
    String median = String.format(Locale.ROOT, "%.3g", s.median());
    if (Double.isNaN(s.ciLow()) || s.median() == 0) {
      return median;
    }
    double half = Math.max(s.ciHigh() - s.median(), s.median() - s.ciLow()) / s.median();
    return median + String.format(Locale.ROOT, " ±%.0f%%", half * 100);
  }

  /** {@code shown}: how a run's string reads in the output, as it is or as Markdown text. */
  private static void setAside(
      RunComparison comparison, StringBuilder out, String bullet, UnaryOperator<String> shown) {
    for (String aside : comparison.setAside()) {
      out.append(bullet).append("matched across ").append(shown.apply(aside)).append('\n');
    }
  }

  private static void onlyOneSide(
      RunComparison comparison, StringBuilder out, String bullet, UnaryOperator<String> shown) {
    comparison
        .onlyBase()
        .forEach(
            l -> out.append(bullet).append("only in base: ").append(shown.apply(l)).append('\n'));
    comparison
        .onlyNew()
        .forEach(
            l -> out.append(bullet).append("only in new: ").append(shown.apply(l)).append('\n'));
  }

  private static void summary(RunComparison comparison, StringBuilder out) {
    long faster = count(comparison, Comparison.Verdict.LOWER);
    long slower = count(comparison, Comparison.Verdict.HIGHER);
    long same = count(comparison, Comparison.Verdict.NO_DIFFERENCE);
    long tooFew = count(comparison, Comparison.Verdict.TOO_FEW);
    out.append(
        String.format(
            Locale.ROOT,
            "%d row(s): %d faster, %d slower, %d with no significant difference%s.%n",
            comparison.rows().size(),
            faster,
            slower,
            same,
            tooFew == 0 ? "" : ", " + tooFew + " without a verdict (fewer than 3 repetitions)"));
    int most = 0;
    for (RunComparison.Row row : comparison.rows()) {
      most = Math.max(most, Math.min(row.comparison().base().n(), row.comparison().other().n()));
    }
    String warning = Verdicts.tooSmallToDecide(most, most);
    if (!warning.isEmpty()) {
      out.append(warning).append('\n');
    }
  }

  private static long count(RunComparison comparison, Comparison.Verdict verdict) {
    return comparison.rows().stream().filter(r -> r.comparison().verdict() == verdict).count();
  }
}
