package org.pgloadbench.report;

import java.util.ArrayList;
import java.util.List;
import org.pgloadbench.analysis.Comparison;
import org.pgloadbench.render.MarkdownPage;
import org.pgloadbench.render.Noise;
import org.pgloadbench.render.Section;
import org.pgloadbench.render.Verdicts;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.scenario.Stopping;

/** How to read the report's figures: the statistics behind them, stated once. */
final class NotesSection implements Section<ReportedRun> {
  static final String HOLM =
      "Holm's correction: a table compares many pairs, and at p < 0.05 about one comparison in"
          + " twenty of cells that do not differ would be called different by chance. Within each"
          + " table (a version's cells against the baseline, the cells against the fastest, the"
          + " versions' totals, their steps, the claims) the p-values are corrected by Holm's"
          + " step-down method: the smallest is multiplied by the number of comparisons, the next"
          + " by one less, and so on, each at least the one before. That keeps the chance of any"
          + " false verdict in the table at 5%. Both p-values are shown; the verdict follows the"
          + " corrected one. The control stands alone, uncorrected: it checks the machine, and"
          + " a correction would only make it slower to flag drift.";

  /** How a repeat: auto run chose its rounds. */
  static String auto(RunManifest.Rounds rounds) {
    return "`repeat: auto` ran "
        + rounds.minimum()
        + " rounds before its first look: with n paired rounds the smallest two-sided p is 2 /"
        + " 2^n (5 rounds: 0.0625, never significant), Holm's correction multiplies the smallest"
        + " p of a table by its size, and the first look spends half of the 0.05; "
        + rounds.minimum()
        + " is the fewest rounds at which a verdict was in reach in this run's largest table. "
        + LOOKS
        + " A comparison also stops when its ratio's 95% interval lies within "
        + new Stopping(true, rounds.precision(), 0).precisionText()
        + " of the ratio; the run stops when every comparison has stopped, or before a round"
        + " that would overrun its budget. The verdicts shown are the tests on all its rounds.";
  }

  static final String LOOKS =
      "After each round from then on it looks again, and a comparison stops on a verdict when its"
          + " Holm-corrected p is below that look's share of 0.05: half at the first look, then"
          + " 6 / (π² k²) of the other half at the k-th later one. Stopping at the first p below"
          + " 0.05 instead would call about one in six differences of nothing real over twenty-odd"
          + " looks; spent this way, the chance stays under 5% however many rounds it takes.";

  /** How a race chose its rounds. */
  static String race(RunManifest.Rounds rounds) {
    return "The race (`make recommend`) ran every cell for "
        + rounds.minimum()
        + " rounds, the fewest at which the one-sided test, Holm-corrected over the cells, could"
        + " reach the first look's threshold. "
        + LOOKS.replace("a comparison stops on a verdict", "a cell leaves the race")
        + " It ends when one cell is left, when the cells left are the best's equals within "
        + new Stopping(true, rounds.precision(), 0).precisionText()
        + " (each ratio's 95% interval inside that band), or before a round that would overrun"
        + " the budget.";
  }

  @Override
  public boolean applies(ReportedRun run) {
    return run.measured();
  }

  @Override
  public void render(ReportedRun run, MarkdownPage page) {
    List<String> notes = new ArrayList<>();
    notes.add(
        "Figures are seconds, the median over repetitions. A 95% confidence interval of the"
            + " median comes from a percentile bootstrap with a fixed seed, so a report rebuilt"
            + " from the same results shows the same intervals.");
    String smallest;
    if (run.paired()) {
      notes.add(Verdicts.pairedRule());
      if (run.results().manifest().starts().several()) {
        notes.add(Verdicts.startsRule());
      }
      smallest =
          "The smallest two-sided p-value the paired test can reach is 2 / 2^rounds: "
              + Verdicts.pValue(Comparison.smallestPairedP(5))
              + " with 5 rounds (never significant), "
              + Verdicts.pValue(Comparison.smallestPairedP(6))
              + " with 6, "
              + Verdicts.pValue(Comparison.smallestPairedP(8))
              + " with 8.";
    } else {
      notes.add(Verdicts.rule());
      smallest =
          "The smallest two-sided p-value the test can reach depends on the repetitions: 0.1"
              + " with 3 against 3 (never significant), "
              + Verdicts.pValue(Comparison.smallestTwoSidedP(4, 4))
              + " with 4 against 4, "
              + Verdicts.pValue(Comparison.smallestTwoSidedP(5, 5))
              + " with 5 against 5.";
    }
    String tooSmallToDecide = run.comparison() == null ? "" : run.comparison().tooSmallToDecide();
    notes.add(tooSmallToDecide.isEmpty() ? smallest : smallest + " " + tooSmallToDecide);
    notes.add(HOLM);
    RunManifest.Rounds rounds = run.results().manifest().rounds();
    if (rounds != null) {
      notes.add(rounds.race() ? race(rounds) : auto(rounds));
    }
    notes.add(Noise.causes());
    if (VersionSection.trended(run.results())) {
      notes.add(Noise.trends());
    }
    page.heading(2, "Notes").bullets(notes);
  }
}
