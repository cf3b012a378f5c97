package org.pgloadbench.report;

import java.util.ArrayList;
import java.util.List;
import org.pgloadbench.render.Formats;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.render.MarkdownPage;
import org.pgloadbench.render.Noise;
import org.pgloadbench.render.Section;
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

  /** The most a comment takes: a comment longer than a screenful or two goes unread. */
  public static final int BUDGET = 15_000;

  static final int MAX_BARS = 40;

  /** The most cells an answer table lists, tried in turn until the comment fits. */
  private static final List<Integer> ROWS = List.of(Integer.MAX_VALUE, 12, 8, 5, 3);

  /**
   * A run's comment with the room its parts were given: the most cells the answer lists per
   * version, and the characters the versions compared may take (none while the answer is fitted).
   */
  private record Fitted(ReportedRun run, int answerRows, int versionsRoom) {}

  /**
   * The comment, part by part: the setup, the answer and the chart and the rule always; the answer
   * with as many cells as fit, the versions compared in the room left.
   */
  private static final List<Section<Fitted>> SECTIONS =
      List.of(
          (fitted, page) -> head(fitted.run(), page),
          Section.when(
              fitted -> fitted.run().measured(),
              (fitted, page) ->
                  new AnswerSection(fitted.answerRows(), true).render(fitted.run(), page)),
          Section.when(
              fitted -> fitted.run().comparison() != null,
              (fitted, page) -> versions(fitted.run().comparison(), fitted.versionsRoom(), page)),
          (fitted, page) -> mermaid(fitted.run(), page),
          (fitted, page) -> footer(fitted.run(), page));

  private CommentReport() {}

  /** The comment, its answer cut down to the most cells that fit, then the versions compared. */
  static String render(ReportedRun run) {
    Fitted fitted = null;
    for (int rows : ROWS) {
      fitted = new Fitted(run, rows, 0);
      if (page(fitted).length() <= BUDGET) {
        break;
      }
    }
    return page(new Fitted(run, fitted.answerRows(), BUDGET - page(fitted).length()));
  }

  /** A comment's text: its headings two levels below a report's, under the issue's. */
  private static String page(Fitted fitted) {
    return MarkdownPage.nested(2).sections(SECTIONS, fitted).toString();
  }

  private static void head(ReportedRun run, MarkdownPage page) {
    StringBuilder lines = new StringBuilder();
    run.setup().twoLines(run.results().versions()).forEach(l -> lines.append(l).append("  \n"));
    page.heading(1, "pgloadbench: " + Markdown.text(run.results().scenarioName()))
        .block(lines.toString());
  }

  private static void footer(ReportedRun run, MarkdownPage page) {
    page.block(
        "<sub>Medians of the repetitions, in seconds; "
            + Noise.FLAG
            + ": repetitions vary by more than "
            + Math.round(Noise.CV_THRESHOLD * 100)
            + "%. "
            + (run.paired() ? Verdicts.pairedRule() : Verdicts.rule())
            + " Holm's correction applies within each table; both p-values are shown."
            + " Full report with per-table figures, confidence intervals and charts: "
            + Markdown.code(reportPath(run.results()))
            + ".</sub>");
  }

  /**
   * The versions compared: the control's verdict, the totals, and the steps in a {@code <details>}
   * block, each left out when it does not fit in {@code room}.
   */
  static void versions(VersionComparison comparison, int room, MarkdownPage page) {
    MarkdownPage text =
        page.blank()
            .heading(
                2, "Versions compared (base PostgreSQL " + Markdown.text(comparison.base()) + ")");
    String warning = comparison.tooSmallToDecide();
    if (!warning.isEmpty()) {
      text.block("**" + warning + "**");
    }
    if (comparison.control() != null) {
      text.block(ComparisonSection.control(comparison));
    }
    MarkdownPage totals = page.blank().table(ComparisonSection.totals(comparison));
    MarkdownPage steps =
        page.blank()
            .block("<details><summary>Step by step</summary>")
            .table(ComparisonSection.table(comparison, comparison.steps()))
            .block("</details>");
    if (text.length() + totals.length() > room) {
      if (text.length() + 60 <= room) {
        page.add(text).block("Too many cells to list here; see the full report.");
      }
      return;
    }
    text.add(totals);
    if (text.length() + steps.length() <= room) {
      text.add(steps);
    } else {
      text.block("The step-by-step table is in the full report.");
    }
    page.add(text);
  }

  /** A bar per (cell, version): the median total, as Mermaid's xychart draws it in a comment. */
  private static void mermaid(ReportedRun run, MarkdownPage page) {
    StoredRun results = run.results();
    List<String> labels = new ArrayList<>();
    List<String> values = new ArrayList<>();
    double max = 0;
    int bars = RunCell.of(results).size();
    boolean manyVersions = results.versions().size() > 1;
    outer:
    for (String cell : results.cells()) {
      for (String version : results.versions()) {
        if (!results.cells(version).contains(cell)) {
          continue;
        }
        if (labels.size() == MAX_BARS) {
          break outer;
        }
        Sample total = results.total(version, cell);
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
    page.heading(
            2,
            "Total seconds per cell"
                + (manyVersions ? " and version" : "")
                + (labels.size() < bars
                    ? " (the first " + labels.size() + " of " + bars + ")"
                    : ""))
        .block(
            "```mermaid\nxychart-beta\n    title \""
                + Markdown.mermaid(results.scenarioName())
                + ": total seconds (median)\"\n    x-axis ["
                + String.join(", ", labels)
                + "]\n    y-axis \"seconds\" 0 --> "
                + Formats.significant(Math.max(max * 1.1, 0.001))
                + "\n    bar ["
                + String.join(", ", values)
                + "]\n```");
  }

  private static String reportPath(StoredRun results) {
    return "reports/"
        + results.source().substring("results/".length())
        + "/"
        + MarkdownReport.REPORT;
  }
}
