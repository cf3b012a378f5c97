package org.pgloadbench.overhead;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;
import org.pgloadbench.analysis.Comparison;
import org.pgloadbench.render.Formats;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.render.MarkdownPage;
import org.pgloadbench.render.Section;
import org.pgloadbench.render.Verdicts;
import org.pgloadbench.results.Sample;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.results.StoredRun;

/**
 * The overhead run's report, built from its stored loads: the setup, each pair's section (the
 * streamed COPY's by {@link CopyReport}, pgbench's and osm2pgsql's by their own), the failed loads,
 * and how to read the verdicts. Every section compares its contenders the same way ({@link
 * #paired}: the contenders alternate within every round, so a round's loads make a pair) and words
 * its verdicts and goals the same way ({@link Verdicts}, {@link #goal}).
 */
public final class OverheadReport {
  /**
   * The harness's COPY may take at most this much longer than the faster of psql and the server.
   */
  public static final double GOAL = 1.03;

  /** The client alone must produce rows at least this many times faster than the server ingests. */
  public static final double CLIENT_GOAL = 10;

  /**
   * @param lines lines describing the run (server, machine, rows, repetitions), shown first
   * @param missing contenders or pairs that could not run, with why
   */
  public record Setup(List<String> lines, Map<String, String> missing) {}

  private OverheadReport() {}

  /**
   * Writes {@code reportDir/report.md}; returns its text.
   *
   * @param version the server the streamed COPY ran on, as results name it
   * @param pairs the other pairs' sections
   */
  public static String write(
      Path reportDir, Setup setup, StoredRun run, String version, List<Section<StoredRun>> pairs)
      throws IOException {
    Files.createDirectories(reportDir);
    String report = markdown(setup, run, version, pairs);
    Files.writeString(reportDir.resolve("report.md"), report, StandardCharsets.UTF_8);
    return report;
  }

  static String markdown(
      Setup setup, StoredRun run, String version, List<Section<StoredRun>> pairs) {
    MarkdownPage page = MarkdownPage.report();
    head(setup, page);
    CopyReport.render(run, version, page);
    page.sections(pairs, run);
    if (!run.failures().isEmpty()) {
      failed(run, page);
    }
    notes(run, page);
    return page.toString();
  }

  private static void head(Setup setup, MarkdownPage page) {
    // server versions, settings, errors: text from servers and scenarios, through Markdown
    List<String> lines = new ArrayList<>();
    setup.lines().forEach(l -> lines.add(Markdown.text(l)));
    setup
        .missing()
        .forEach(
            (name, why) ->
                lines.add("**" + Markdown.text(name) + " skipped**: " + Markdown.text(why)));
    page.heading(1, "Harness overhead: streamed COPY head to head").bullets(lines);
  }

  private static void failed(StoredRun run, MarkdownPage page) {
    List<String> lines = new ArrayList<>();
    for (StepResult f : run.failures()) {
      lines.add(
          Markdown.text(
              String.format(
                  Locale.ROOT,
                  "PostgreSQL %s, %s, %s %s, round %d: %s",
                  f.server(),
                  f.cell(),
                  f.table(),
                  f.step(),
                  f.repetition(),
                  f.error())));
    }
    page.heading(2, "Failed loads").bullets(lines);
  }

  private static void notes(StoredRun run, MarkdownPage page) {
    List<String> notes = new ArrayList<>();
    notes.add(
        "Seconds: the median (min–max) over the measured rounds. Each pair's contenders alternate"
            + " within every round, the order rotating from round to round, so two contenders'"
            + " loads of one round, seconds apart, make a pair. "
            + Verdicts.pairedTest());
    Integer repeat = run.manifest().scenario().repeat();
    String tooFew = Verdicts.tooFewPairs(repeat == null ? 0 : repeat, 1, false);
    if (!tooFew.isEmpty()) {
      notes.add(tooFew);
    }
    page.heading(2, "Notes").bullets(notes);
  }

  /** A sample's median (min–max), or a dash for none. */
  static String seconds(Sample s) {
    return s.isEmpty() ? "–" : Formats.stats(s.summary());
  }

  /** Other against base, paired by round; null when either has no round. */
  static Comparison paired(Sample base, Sample other) {
    return base.isEmpty() || other.isEmpty()
        ? null
        : Comparison.paired(base.byRepetition(), other.byRepetition());
  }

  /** {@code other}'s columns against {@code base}: its seconds, their paired ratio, the verdict. */
  static List<String> against(Sample base, Sample other) {
    Comparison c = paired(base, other);
    return List.of(seconds(other), ratio(c), verdict(c));
  }

  /** "1.02× (0.95–1.10)": a paired ratio with its interval, or a dash. */
  static String ratio(Comparison c) {
    return c == null ? "–" : Verdicts.ratio(c) + Verdicts.interval(c);
  }

  /** The verdict with its p, or a dash where there is no ratio (a time of 0). */
  static String verdict(Comparison c) {
    return c == null || Double.isNaN(c.ratio()) ? "–" : Verdicts.stated(c);
  }

  /**
   * Whether a goal is met, with the ratio to three decimals as it is judged: {@code met (1.024)}.
   */
  static String met(boolean met, double ratio) {
    return String.format(Locale.ROOT, "%s (%.3f)", met ? "met" : "not met", ratio);
  }

  /**
   * A goal's line: {@code who}'s ratio to the yardstick with its interval and verdict, and whether
   * {@code met} holds of the comparison.
   */
  static String goal(String who, String what, Comparison c, Predicate<Comparison> met) {
    String line = "- goal, " + Markdown.text(who) + ": " + what + ": ";
    if (c == null || Double.isNaN(c.ratio())) {
      return line + "not measured\n";
    }
    return line
        + ratio(c)
        + ", "
        + Verdicts.stated(c)
        + ": **"
        + met(met.test(c), c.ratio())
        + "**\n";
  }
}
