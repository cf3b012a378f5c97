package org.pgloadbench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.pgloadbench.analysis.Comparison;
import org.pgloadbench.render.Formats;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.render.Noise;
import org.pgloadbench.render.Verdicts;
import org.pgloadbench.results.Sample;
import org.pgloadbench.results.StoredRun;

/**
 * {@code comment.md}: what a person pastes into a GitHub issue. The setup in two lines, the
 * versions compared, the key findings and a Mermaid chart that GitHub renders inside the comment.
 * It always stays under GitHub's limit for a comment: a large matrix is summarised, and the full
 * report is named.
 */
public final class CommentReport {
  public static final String FILE = "comment.md";

  /** GitHub refuses a comment body longer than this. */
  public static final int GITHUB_LIMIT = 65_536;

  /** Room kept for the parts around the tables. */
  static final int BUDGET = 60_000;

  static final int MAX_BARS = 40;
  static final int MAX_FINDINGS = 12;

  private CommentReport() {}

  /** The comment for a run; {@code comparison} is null for a run over one version. */
  public static String render(StoredRun results, VersionComparison comparison) {
    StringBuilder head = new StringBuilder();
    head.append("### pgloadbench: ").append(Markdown.text(results.scenarioName())).append("\n\n");
    new RunSetup(results.manifest())
        .twoLines(results.versions())
        .forEach(l -> head.append(l).append("  \n"));
    head.append('\n');
    StringBuilder tail = new StringBuilder();
    findings(results, comparison, tail);
    mermaid(results, tail);
    tail.append("<sub>Medians of the repetitions, in seconds; ")
        .append(Noise.FLAG)
        .append(": repetitions vary by more than ")
        .append(Math.round(Noise.CV_THRESHOLD * 100))
        .append("%. ")
        .append(results.manifest().paired() ? Verdicts.pairedRule() : Verdicts.rule())
        .append(" Full report with per-table figures, confidence intervals and charts: ")
        .append(Markdown.code(reportPath(results)))
        .append(".</sub>\n");
    String claims = ClaimsSection.comment(results);
    String versions =
        comparison == null
            ? ""
            : versions(comparison, BUDGET - head.length() - claims.length() - tail.length());
    return head + versions + claims + tail;
  }

  /** The comparison table, cut down to the totals, then to the significant ones, to fit. */
  static String versions(VersionComparison comparison, int room) {
    String intro =
        "#### Versions compared (base PostgreSQL " + Markdown.text(comparison.base()) + ")\n\n";
    String warning = comparison.tooSmallToDecide();
    if (!warning.isEmpty()) {
      intro += "**" + warning + "**\n\n";
    }
    List<List<VersionComparison.Row>> choices =
        List.of(
            comparison.rows(),
            comparison.totals(),
            comparison.totals().stream().filter(CommentReport::significant).toList());
    List<String> notes =
        List.of(
            "",
            "Totals per cell only (the matrix is large); steps are in the full report.\n\n",
            "Only the cells whose total differs significantly from the base (the matrix is"
                + " large); all cells are in the full report.\n\n");
    for (int i = 0; i < choices.size(); i++) {
      StringBuilder table = new StringBuilder();
      ComparisonSection.table(comparison, choices.get(i), table);
      String text = intro + notes.get(i) + table + "\n";
      if (text.length() <= room || i == choices.size() - 1) {
        return text.length() <= room
            ? text
            : intro + "Too many cells to list here; see the full report.\n\n";
      }
    }
    throw new AssertionError();
  }

  private static boolean significant(VersionComparison.Row row) {
    return row.comparisons().values().stream()
        .anyMatch(
            c ->
                c.verdict() == Comparison.Verdict.LOWER
                    || c.verdict() == Comparison.Verdict.HIGHER);
  }

  /**
   * Per version, each cell's total against the scenario's first cell (what osm2pgsql does today in
   * the shipped scenarios); then, over versions, each cell's total against the base.
   */
  static void findings(StoredRun results, VersionComparison comparison, StringBuilder out) {
    List<Finding> findings = new ArrayList<>();
    for (String version : results.versions()) {
      List<String> cells = results.cells(version);
      if (cells.size() < 2) {
        continue;
      }
      Sample first = total(results, version, cells.get(0));
      for (String cell : cells.subList(1, cells.size())) {
        Sample other = total(results, version, cell);
        if (!first.isEmpty() && !other.isEmpty()) {
          Comparison c = Comparison.between(first, other, results.manifest().paired());
          findings.add(
              new Finding(
                  c,
                  String.format(
                      Locale.ROOT,
                      "PostgreSQL %s: %s takes %s s against %s s for %s: %s %s",
                      Markdown.text(version),
                      Markdown.code(cell),
                      Formats.significant(c.other().median()),
                      Formats.significant(c.base().median()),
                      Markdown.code(cells.get(0)),
                      Verdicts.ratio(c),
                      Verdicts.stated(c))));
        }
      }
    }
    if (comparison != null) {
      for (VersionComparison.Row row : comparison.totals()) {
        row.comparisons()
            .forEach(
                (version, c) ->
                    findings.add(
                        new Finding(
                            c,
                            String.format(
                                Locale.ROOT,
                                "%s: PostgreSQL %s takes %s s against %s s on %s: %s %s",
                                Markdown.code(row.cell()),
                                Markdown.text(version),
                                Formats.significant(c.other().median()),
                                Formats.significant(c.base().median()),
                                Markdown.text(comparison.base()),
                                Verdicts.ratio(c),
                                Verdicts.stated(c)))));
      }
    }
    if (findings.isEmpty()) {
      return;
    }
    out.append("#### Key findings\n\n");
    findings.stream()
        .sorted(Finding.MOST_TELLING)
        .limit(MAX_FINDINGS)
        .forEach(f -> out.append("- ").append(f.text()).append('\n'));
    if (findings.size() > MAX_FINDINGS) {
      out.append("- … and ")
          .append(findings.size() - MAX_FINDINGS)
          .append(" more comparisons in the full report\n");
    }
    out.append('\n');
  }

  /** One comparison as a sentence; significant ones first, larger differences before smaller. */
  private record Finding(Comparison comparison, String text) {
    static final java.util.Comparator<Finding> MOST_TELLING =
        java.util.Comparator.comparing((Finding f) -> !significant(f.comparison()))
            .thenComparing(f -> -Math.abs(Math.log(f.comparison().ratio())));

    private static boolean significant(Comparison c) {
      return c.verdict() == Comparison.Verdict.LOWER || c.verdict() == Comparison.Verdict.HIGHER;
    }
  }

  /** A bar per (cell, version): the median total, as Mermaid's xychart draws it in a comment. */
  static void mermaid(StoredRun results, StringBuilder out) {
    List<String> labels = new ArrayList<>();
    List<String> values = new ArrayList<>();
    double max = 0;
    int bars = 0;
    for (String version : results.versions()) {
      bars += results.cells(version).size();
    }
    boolean manyVersions = results.versions().size() > 1;
    outer:
    for (String cell : cellsInOrder(results)) {
      for (String version : results.versions()) {
        if (!results.cells(version).contains(cell)) {
          continue;
        }
        if (labels.size() == MAX_BARS) {
          break outer;
        }
        Sample total = total(results, version, cell);
        if (total.isEmpty()) {
          continue; // failed: the tables say so, a zero bar would mislead
        }
        double median = total.summary().median();
        max = Math.max(max, median);
        labels.add('"' + Markdown.mermaid((manyVersions ? version + " " : "") + cell) + '"');
        values.add(Formats.significant(median));
      }
    }
    if (labels.isEmpty()) {
      return;
    }
    out.append("#### Total seconds per cell")
        .append(manyVersions ? " and version" : "")
        .append(labels.size() < bars ? " (the first " + labels.size() + " of " + bars + ")" : "")
        .append("\n\n```mermaid\nxychart-beta\n")
        .append("    title \"")
        .append(Markdown.mermaid(results.scenarioName()))
        .append(": total seconds (median)\"\n")
        .append("    x-axis [")
        .append(String.join(", ", labels))
        .append("]\n    y-axis \"seconds\" 0 --> ")
        .append(Formats.significant(Math.max(max * 1.1, 0.001)))
        .append("\n    bar [")
        .append(String.join(", ", values))
        .append("]\n```\n\n");
  }

  private static List<String> cellsInOrder(StoredRun results) {
    List<String> cells = new ArrayList<>();
    for (String version : results.versions()) {
      results.cells(version).stream().filter(c -> !cells.contains(c)).forEach(cells::add);
    }
    return cells;
  }

  private static Sample total(StoredRun results, String version, String cell) {
    return results.seconds(version, cell, results.tables(version), results.steps(version, cell));
  }

  private static String reportPath(StoredRun results) {
    return "reports/"
        + results.source().substring("results/".length())
        + "/"
        + MarkdownReport.REPORT;
  }
}
