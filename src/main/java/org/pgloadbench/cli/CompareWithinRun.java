package org.pgloadbench.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.pgloadbench.analysis.Comparison;
import org.pgloadbench.analysis.Comparison.Verdict;
import org.pgloadbench.compare.CompareReport;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.render.MarkdownPage;
import org.pgloadbench.render.Section;
import org.pgloadbench.report.ComparisonSection;
import org.pgloadbench.report.InstructionCounts;
import org.pgloadbench.report.ReportedRun;
import org.pgloadbench.report.VersionComparison;
import org.pgloadbench.results.StoredRun;

/**
 * {@code compare <run>}: the servers of one run (versions, builds, profiles) against its base, in
 * pairs of the same round, for a CI gate on a patch: exit 1 when a server is significantly slower
 * than the base by more than the threshold, exit 3 when the run's control differs from its twin
 * (then no verdict of the run is trusted, and a slowdown cannot be told from a drifting machine).
 */
final class CompareWithinRun {
  /** What {@code --fail-on} names to gate on instructions rather than time. */
  static final String INSTRUCTIONS = "instructions";

  /** {@code compare.md} of one run: its servers against the base, their instructions if counted. */
  private static final List<Section<ReportedRun>> SECTIONS =
      List.of(
          (run, page) ->
              page.heading(1, "Compare within one run")
                  .block(
                      "Run "
                          + Markdown.code(run.results().source())
                          + ": every server against "
                          + Markdown.text(run.comparison().base())
                          + "."),
          (run, page) -> ComparisonSection.render(run.comparison(), null, page),
          InstructionCounts.SECTION);

  private CompareWithinRun() {}

  /**
   * Writes {@code compare.md} into {@code dir} and prints it; returns the exit code. {@code
   * onInstructions} (FAIL_ON=instructions) gates on each cell's total instructions instead of its
   * time, and on the control agreeing within 0.05%.
   */
  static int run(
      Path runDir,
      String base,
      Double threshold,
      boolean onInstructions,
      Path dir,
      PrintWriter out,
      PrintWriter err)
      throws IOException {
    StoredRun run = StoredRun.load(runDir);
    if (run.versions().size() < 2) {
      throw new IOException(
          runDir + " ran one server: compare needs two, or two runs (compare <base> <new>)");
    }
    VersionComparison comparison = VersionComparison.of(run, base);
    InstructionCounts counts =
        InstructionCounts.applies(run) ? InstructionCounts.of(run, comparison.base()) : null;
    if (onInstructions && counts == null) {
      throw new IOException(
          runDir
              + " counted no instructions: run it with INSTRUCTIONS=1 (measure: instructions) to"
              + " gate on them");
    }
    String markdown =
        MarkdownPage.report().sections(SECTIONS, new ReportedRun(run, comparison)).toString();
    Files.createDirectories(dir);
    Path file = dir.resolve(CompareReport.FILE);
    Files.writeString(file, markdown, StandardCharsets.UTF_8);
    out.print(markdown);
    int code = ExitCode.OK;
    if (onInstructions) {
      code = instructionsGate(counts, threshold, err);
    } else if (comparison.control() != null && comparison.control().drifting()) {
      err.println(
          ("pgloadbench: the control %s differs from its twin: the machine drifted, no verdict of"
                  + " this run is trusted; run it again on a quieter machine")
              .formatted(comparison.control().label()));
      code = ExitCode.DRIFTING;
    } else if (threshold != null) {
      code =
          gate(
              slowerThan(comparison, threshold),
              " total(s) significantly slower by more than " + threshold + "%, e.g. ",
              ExitCode.FAILED,
              err);
    }
    out.println(file);
    return code;
  }

  /**
   * Exit 1 when a build's step or total grew by more than the threshold where the control agreed
   * with its twin; exit 3 when only rows whose control differed by more than 0.05% grew so (there
   * the difference is not known to be the build's); else 0.
   */
  private static int instructionsGate(InstructionCounts counts, Double threshold, PrintWriter err) {
    if (counts.control() != null && !counts.control().agrees()) {
      err.println(
          String.format(
              Locale.ROOT,
              "pgloadbench: warning: the control %s counted a cell's total %.3f%% away from its"
                  + " twin (more than 0.05%%); the rows it differed on are not judged, see"
                  + " compare.md",
              counts.control().label(),
              counts.control().largest() * 100));
    }
    if (threshold == null) {
      return ExitCode.OK;
    }
    int grew =
        gate(
            counts.grewMoreThan(threshold),
            " step(s) or total(s) executed more than " + threshold + "% more instructions, e.g. ",
            ExitCode.FAILED,
            err);
    return grew != ExitCode.OK
        ? grew
        : gate(
            counts.undecided(threshold),
            " step(s) or total(s) grew by more than "
                + threshold
                + "% where the control differed from its twin by more than 0.05%, so no verdict:"
                + " e.g. ",
            ExitCode.DRIFTING,
            err);
  }

  /**
   * {@code code} when the gate found rows, saying how many and the first of them after {@code
   * what}; else OK.
   */
  static int gate(List<String> rows, String what, int code, PrintWriter err) {
    if (rows.isEmpty()) {
      return ExitCode.OK;
    }
    err.println("pgloadbench: " + rows.size() + what + rows.get(0));
    return code;
  }

  /** Each cell's total on a server (not the control) significantly slower than the base's. */
  static List<String> slowerThan(VersionComparison comparison, double percent) {
    List<String> slower = new ArrayList<>();
    for (VersionComparison.Row row : comparison.totals()) {
      for (Map.Entry<String, Comparison> e : row.comparisons().entrySet()) {
        boolean control =
            comparison.control() != null && e.getKey().equals(comparison.control().label());
        Comparison c = e.getValue();
        if (!control && c.verdict() == Verdict.HIGHER && (c.ratio() - 1) * 100 > percent) {
          slower.add(
              String.format(
                  Locale.ROOT, "%s on %s %+.1f%%", row.cell(), e.getKey(), (c.ratio() - 1) * 100));
        }
      }
    }
    return slower;
  }
}
