package org.pgloadbench.report;

import java.util.ArrayList;
import java.util.List;
import org.pgloadbench.render.Formats;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.render.Noise;
import org.pgloadbench.render.Verdicts;
import org.pgloadbench.results.Sample;
import org.pgloadbench.results.StoredRun;

/**
 * {@code comment.md}: what a person pastes into a GitHub issue. The setup in two lines, then the
 * answer (each cell against the baseline on each version, the fastest, the claims), the versions
 * compared with their step-by-step table folded in a {@code <details>} block, and a Mermaid chart
 * that GitHub renders inside the comment. It stays within {@link #BUDGET} characters, well under
 * GitHub's limit: a large matrix is cut down, and the full report is named.
 */
public final class CommentReport {
  public static final String FILE = "comment.md";

  /** GitHub refuses a comment body longer than this. */
  public static final int GITHUB_LIMIT = 65_536;

  /** The most a comment takes: a comment longer than a screenful or two goes unread. */
  public static final int BUDGET = 15_000;

  static final int MAX_BARS = 40;

  /** The most cells an answer table lists, tried in turn until the comment fits. */
  private static final List<Integer> ROWS = List.of(Integer.MAX_VALUE, 12, 8, 5, 3);

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
    mermaid(results, tail);
    tail.append("<sub>Medians of the repetitions, in seconds; ")
        .append(Noise.FLAG)
        .append(": repetitions vary by more than ")
        .append(Math.round(Noise.CV_THRESHOLD * 100))
        .append("%. ")
        .append(results.manifest().paired() ? Verdicts.pairedRule() : Verdicts.rule())
        .append(" Holm's correction applies within each table; both p-values are shown.")
        .append(" Full report with per-table figures, confidence intervals and charts: ")
        .append(Markdown.code(reportPath(results)))
        .append(".</sub>\n");
    String answer = "";
    if (!results.versions().isEmpty()) {
      AnswerSection section = new AnswerSection(results);
      for (int rows : ROWS) {
        answer = section.render("####", rows, true);
        if (head.length() + answer.length() + tail.length() <= BUDGET) {
          break;
        }
      }
    }
    String versions =
        comparison == null
            ? ""
            : versions(comparison, BUDGET - head.length() - answer.length() - tail.length());
    return head + answer + versions + tail;
  }

  /**
   * The versions compared: the control's verdict, the totals, and the steps in a {@code <details>}
   * block, each left out when it does not fit in {@code room}.
   */
  static String versions(VersionComparison comparison, int room) {
    StringBuilder text =
        new StringBuilder("#### Versions compared (base PostgreSQL ")
            .append(Markdown.text(comparison.base()))
            .append(")\n\n");
    String warning = comparison.tooSmallToDecide();
    if (!warning.isEmpty()) {
      text.append("**").append(warning).append("**\n\n");
    }
    if (comparison.control() != null) {
      text.append(ComparisonSection.control(comparison)).append("\n\n");
    }
    StringBuilder totals = new StringBuilder();
    ComparisonSection.totals(comparison, totals);
    StringBuilder steps = new StringBuilder("<details><summary>Step by step</summary>\n\n");
    ComparisonSection.table(comparison, comparison.steps(), steps);
    steps.append("\n</details>\n\n");
    if (text.length() + totals.length() + 1 > room) {
      return text.length() + 60 <= room
          ? text + "Too many cells to list here; see the full report.\n\n"
          : "";
    }
    text.append(totals).append('\n');
    if (text.length() + steps.length() <= room) {
      text.append(steps);
    } else {
      text.append("The step-by-step table is in the full report.\n\n");
    }
    return text.toString();
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
