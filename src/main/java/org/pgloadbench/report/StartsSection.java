package org.pgloadbench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.pgloadbench.analysis.StartVariance;
import org.pgloadbench.analysis.StartsDesign;
import org.pgloadbench.render.Formats;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.render.MarkdownPage;
import org.pgloadbench.render.Section;
import org.pgloadbench.render.Table;
import org.pgloadbench.results.OutsideSteps;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.results.Starts;
import org.pgloadbench.results.StoredRun;

/**
 * A run whose servers were started afresh every few rounds: how each server's time spread between
 * its starts and within one, what the control's starts say the run could detect, and the number of
 * starts and rounds per start that would reach a 3% detectable difference soonest here.
 */
final class StartsSection implements Section<ReportedRun> {
  @Override
  public boolean applies(ReportedRun run) {
    return run.comparison() != null && run.results().manifest().starts().several();
  }

  @Override
  public void render(ReportedRun run, MarkdownPage page) {
    StoredRun results = run.results();
    RunManifest manifest = results.manifest();
    Starts starts = manifest.starts();
    VersionComparison comparison = run.comparison();
    page.heading(2, "Server starts")
        .block(
            "Every server was started afresh before rounds "
                + String.join(", ", starts.firstRounds().stream().map(String::valueOf).toList())
                + ", each time in a new data directory with an environment of another size, and"
                + " warmed up again; a comparison between servers takes a start as its unit (see"
                + " the notes). Spread: the square root of each variance component of a server's"
                + " log time per round (all cells summed), by the method of moments; the"
                + " machine's drift over the run counts between starts there, while the control's"
                + " log ratio to its base, below, is free of it.");
    Table table =
        Table.of(
            1,
            "server",
            "starts",
            "rounds per start",
            "between starts",
            "within a start",
            "a start took (s)");
    for (String version : comparison.versions()) {
      Map<Integer, Double> totals = results.totalsPerRound(version, results.cells(version));
      StartVariance v = StartVariance.of(starts.group(logs(totals)));
      OutsideSteps outside = manifest.outsideSteps().get(version);
      table.row(
          "PostgreSQL " + Markdown.text(version),
          Integer.toString(v.starts()),
          Formats.significant(v.roundsPerStart()),
          spread(v.between()),
          spread(v.within()),
          Formats.orDash(
              outside == null ? Double.NaN : outside.secondsPerStart(), Formats::significant));
    }
    page.table(table);
    VersionComparison.Control control = comparison.control();
    StartsDesign design = StartsDesign.of(results);
    if (control == null || design == null) {
      return;
    }
    StartVariance d = design.control();
    List<String> said = new ArrayList<>();
    said.add(
        "The control against the base, log ratio per round: "
            + spread(d.between())
            + " between starts, "
            + spread(d.within())
            + " within one; this run's "
            + d.starts()
            + " starts could detect about "
            + Formats.orDash(100 * control.detectable(), x -> String.format(Locale.ROOT, "%.1f", x))
            + "% (80% power).");
    StartVariance.Design fastest = design.fastest();
    if (fastest != null) {
      said.add(
          String.format(
              Locale.ROOT,
              "To detect %.0f%% in the least time here (a start of every server %.1f s, a round"
                  + " %.1f s): %d starts of %d round%s each, about %s (`restart: %d`,"
                  + " `REPEAT=%d`); `restart: auto` takes its rounds per start from the newest"
                  + " such run.",
              100 * StartsDesign.TARGET,
              design.startSeconds(),
              design.roundSeconds(),
              fastest.starts(),
              fastest.roundsPerStart(),
              fastest.roundsPerStart() == 1 ? "" : "s",
              Formats.duration(fastest.seconds()),
              fastest.roundsPerStart(),
              fastest.starts() * fastest.roundsPerStart()));
    } else if (!d.known()) {
      said.add(
          "A start of one round gives no spread within a start: `restart: 2` or more measures"
              + " both, and the design that detects a difference soonest.");
    }
    page.block(String.join(" ", said));
  }

  private static Map<Integer, Double> logs(Map<Integer, Double> seconds) {
    Map<Integer, Double> logs = new TreeMap<>();
    seconds.forEach(
        (round, s) -> {
          if (s > 0) {
            logs.put(round, Math.log(s));
          }
        });
    return logs;
  }

  /** A variance of logs as the relative spread it reads as: ±2.1%. */
  private static String spread(double variance) {
    return Double.isNaN(variance)
        ? "–"
        : String.format(Locale.ROOT, "±%.1f%%", 100 * Math.sqrt(variance));
  }
}
