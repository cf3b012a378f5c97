package org.pgloadbench.compare;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import org.knowm.xchart.internal.chartpart.Chart;
import org.pgloadbench.analysis.Comparison;
import org.pgloadbench.analysis.Comparison.Verdict;
import org.pgloadbench.dataset.MiddleTable;
import org.pgloadbench.render.Charts;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.render.MarkdownPage;
import org.pgloadbench.render.Section;
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
  static final String CHART = "compare";

  private static final List<String> HEADER =
      List.of(
          "PostgreSQL", "cell", "table", "step", "base (s)", "new (s)", "delta", "p", "verdict");

  private static final List<Section<RunComparison>> SECTIONS =
      List.of(
          CompareReport::head,
          CompareReport::rows,
          Section.when(
              comparison -> !comparison.onlyBase().isEmpty() || !comparison.onlyNew().isEmpty(),
              (comparison, page) ->
                  page.heading(2, "On one side only")
                      .bullets(onlyOneSide(comparison, Markdown::text))),
          (comparison, page) -> page.block(summary(comparison)),
          Section.of(
              comparison -> !comparison.rows().isEmpty(),
              (comparison, page) -> page.image("base and new totals", CHART + ".png"),
              CompareReport::chart),
          CompareReport::footer);

  private CompareReport() {}

  /** Per version and cell, the base's and the new run's totals side by side. */
  private static Map<String, Chart<?, ?>> chart(RunComparison comparison) {
    List<RunComparison.Row> totals =
        comparison.rows().stream().filter(RunComparison.Row::total).toList();
    Map<String, List<Summary>> sides = new LinkedHashMap<>();
    sides.put("base", totals.stream().map(r -> r.comparison().base()).toList());
    sides.put("new", totals.stream().map(r -> r.comparison().other()).toList());
    List<String> labels = totals.stream().map(r -> r.version() + " · " + r.cell()).toList();
    return Map.of(CHART, Charts.totals("Base and new: total seconds per cell", labels, sides));
  }

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
    setAside(comparison, UnaryOperator.identity()).forEach(l -> out.append(l).append('\n'));
    for (List<String> line : lines) {
      List<String> padded = new ArrayList<>();
      for (int i = 0; i < line.size(); i++) {
        // the figures (base, new, delta, p) to the right
        padded.add(
            String.format("%" + (i >= 4 && i <= 7 ? "" : "-") + widths[i] + "s", line.get(i)));
      }
      out.append(String.join("  ", padded).stripTrailing()).append('\n');
    }
    onlyOneSide(comparison, UnaryOperator.identity()).forEach(l -> out.append(l).append('\n'));
    return out.append(summary(comparison)).toString();
  }

  /** {@code compare.md}: its chart shown beside it. */
  public static String markdown(RunComparison comparison) {
    return MarkdownPage.report().sections(SECTIONS, comparison).toString();
  }

  private static void head(RunComparison comparison, MarkdownPage page) {
    List<String> sides = new ArrayList<>();
    sides.add("base: " + Markdown.code(comparison.baseSource()));
    sides.add("new: " + Markdown.code(comparison.newSource()));
    sides.addAll(setAside(comparison, Markdown::text));
    page.heading(1, "Compare").bullets(sides);
  }

  private static void rows(RunComparison comparison, MarkdownPage page) {
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
    page.table(table);
  }

  private static void footer(RunComparison comparison, MarkdownPage page) {
    page.block(
        "<sub>Seconds: median of the repetitions ± half the width of its 95% confidence interval,"
            + " relative. Delta: new median against base median. A total sums the tables and"
            + " steps both sides measured. "
            + Verdicts.rule().replace("**", "")
            + "</sub>");
  }

  /** Writes {@code compare.md} and its chart (PNG and SVG) into {@code dir}; returns the file. */
  public static Path write(RunComparison comparison, Path dir) throws IOException {
    Files.createDirectories(dir);
    Charts.write(SECTIONS, comparison, dir);
    Path file = dir.resolve(FILE);
    Files.writeString(file, markdown(comparison), StandardCharsets.UTF_8);
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

  /** The labels matched across both runs; {@code shown}: as they are, or as Markdown text. */
  private static List<String> setAside(RunComparison comparison, UnaryOperator<String> shown) {
    return comparison.setAside().stream().map(l -> "matched across " + shown.apply(l)).toList();
  }

  private static List<String> onlyOneSide(RunComparison comparison, UnaryOperator<String> shown) {
    List<String> lines = new ArrayList<>();
    comparison.onlyBase().forEach(l -> lines.add("only in base: " + shown.apply(l)));
    comparison.onlyNew().forEach(l -> lines.add("only in new: " + shown.apply(l)));
    return lines;
  }

  /** How many rows are faster, slower, the same; a warning when none can be. */
  private static String summary(RunComparison comparison) {
    Map<Verdict, Long> counts =
        comparison.rows().stream()
            .collect(Collectors.groupingBy(r -> r.comparison().verdict(), Collectors.counting()));
    long tooFew = counts.getOrDefault(Verdict.TOO_FEW, 0L);
    String summary =
        String.format(
            Locale.ROOT,
            "%d row(s): %d faster, %d slower, %d with no significant difference%s.%n",
            comparison.rows().size(),
            counts.getOrDefault(Verdict.LOWER, 0L),
            counts.getOrDefault(Verdict.HIGHER, 0L),
            counts.getOrDefault(Verdict.NO_DIFFERENCE, 0L),
            tooFew == 0 ? "" : ", " + tooFew + " without a verdict (fewer than 3 repetitions)");
    // unpaired: Mann-Whitney's rule, whatever the family
    String warning =
        Verdicts.tooFew(comparison.rows().stream().map(RunComparison.Row::comparison).toList(), 0);
    return warning.isEmpty() ? summary : summary + warning + "\n";
  }
}
