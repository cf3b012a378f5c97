package org.pgloadbench.report;

import java.util.ArrayList;
import java.util.List;
import org.pgloadbench.analysis.Comparison;
import org.pgloadbench.analysis.Comparison.Verdict;
import org.pgloadbench.render.Formats;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.render.Noise;
import org.pgloadbench.render.Table;
import org.pgloadbench.render.Verdicts;
import org.pgloadbench.results.Sample;

/**
 * The report's first answer for a run over several versions: per cell and step, one column per
 * version with its median, and for each version but the base its ratio to the base and a verdict.
 */
final class ComparisonSection {
  static final String CHART = "versions";

  private ComparisonSection() {}

  static void render(VersionComparison comparison, String chartFile, StringBuilder out) {
    out.append("## Versions compared\n\n");
    out.append(
            "Seconds, median over repetitions, all tables summed; each version against PostgreSQL ")
        .append(Markdown.text(comparison.base()))
        .append(" (the base): ratio of medians, verdict and its p-value (see the notes).");
    String warning = comparison.tooSmallToDecide();
    if (!warning.isEmpty()) {
      out.append(" **").append(warning).append("**");
    }
    out.append("\n\n");
    table(comparison, comparison.rows(), out);
    out.append('\n');
    if (chartFile != null) {
      out.append("![versions compared](").append(chartFile).append(")\n\n");
    }
  }

  /** The comparison table over the given rows. */
  static void table(
      VersionComparison comparison, List<VersionComparison.Row> rows, StringBuilder out) {
    List<String> header = new ArrayList<>(List.of("cell", "step"));
    for (String version : comparison.versions()) {
      header.add(
          "PostgreSQL "
              + Markdown.text(version)
              + (version.equals(comparison.base()) ? " (base)" : ""));
    }
    Table table = Table.of(2, header);
    String previous = null;
    for (VersionComparison.Row row : rows) {
      List<String> cells = new ArrayList<>();
      cells.add(row.cell().equals(previous) ? "" : Markdown.text(row.cell()));
      previous = row.cell();
      cells.add(row.total() ? "**total**" : Markdown.text(row.step()));
      for (String version : comparison.versions()) {
        cells.add(entry(row, version));
      }
      table.row(cells);
    }
    table.appendTo(out);
  }

  private static String entry(VersionComparison.Row row, String version) {
    Sample sample = row.samples().get(version);
    if (sample == null) {
      return "–";
    }
    if (sample.isEmpty()) {
      return sample.failed() ? "failed" : "–";
    }
    String median = Formats.significant(sample.summary().median()) + Noise.flag(sample.summary());
    if (row.total()) {
      median = Markdown.bold(median);
    }
    Comparison c = row.comparisons().get(version);
    if (c == null) {
      return median;
    }
    return median + " · " + Verdicts.ratio(c) + " " + verdict(c);
  }

  static String verdict(Comparison c) {
    return switch (c.verdict()) {
      case LOWER, HIGHER -> "**" + Verdicts.of(c.verdict()) + "** (" + Verdicts.p(c) + ")";
      case NO_DIFFERENCE -> Verdicts.SAME + " (" + Verdicts.p(c) + ")";
      case TOO_FEW -> Verdicts.of(Verdict.TOO_FEW);
    };
  }
}
