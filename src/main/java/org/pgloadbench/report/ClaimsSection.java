package org.pgloadbench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.pgloadbench.analysis.ClaimCheck;
import org.pgloadbench.analysis.ClaimCheck.Verdict;
import org.pgloadbench.analysis.Claims;
import org.pgloadbench.analysis.Comparison;
import org.pgloadbench.render.Formats;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.render.Table;
import org.pgloadbench.results.StoredRun;
import org.pgloadbench.scenario.Claim;

/** The report's claims table: each published finding, its figures, what this run measured. */
final class ClaimsSection {
  static final String NOTES =
      "Measured ratio: the median of the first side over the median of the second, with the"
          + " lowest and highest ratio of one repetition's pair beside it. A claim `A < f × B` is"
          + " **held** when a one-sided Mann-Whitney test finds A's repetitions lower than f × B's"
          + " (p ≤ "
          + Comparison.ALPHA
          + "), **not held** when the opposite one-sided test does, **inconclusive** when"
          + " neither does (the repetitions' spreads overlap); `>` mirrors it. A factor below 1"
          + " states \"far less\" (`< 0.1 ×`: under a tenth); `> 0.9 ×` states \"no faster than\""
          + " (at most 10% less). With fewer than "
          + Comparison.MIN_SAMPLES
          + " repetitions on a side there is no verdict; with 3 against 3 the smallest"
          + " one-sided p is 0.05. A claim that does not hold here is a finding about this"
          + " machine and these versions, not a reason to change the claim.";

  /**
   * The published column of a claim without figures: a source's finding in words, or the harness's
   * own expectation (its source then says what it rests on).
   */
  static final String NO_FIGURE = "no published figure";

  private ClaimsSection() {}

  /** The report's claims section, or empty when the scenario states no claims. */
  static String render(StoredRun results) {
    return section(results, "## Claims", NOTES);
  }

  /** The same table for an issue comment, with the rule in one line. */
  static String comment(StoredRun results) {
    return section(
        results,
        "#### Claims",
        "<sub>A claim `A < f × B` is held or not held by a one-sided Mann-Whitney test at p ≤ "
            + Comparison.ALPHA
            + ", inconclusive when neither direction is significant; no verdict under "
            + Comparison.MIN_SAMPLES
            + " repetitions.</sub>");
  }

  private static String section(StoredRun results, String heading, String notes) {
    List<Claim> claims = results.manifest().scenario().claims();
    if (claims.isEmpty()) {
      return "";
    }
    List<ClaimCheck> checks = Claims.check(claims, results.measured(), results.manifest().paired());
    StringBuilder out = new StringBuilder(heading).append("\n\n");
    Table table =
        Table.aligned(
            "lllrrlrl",
            "claim",
            "source",
            "PostgreSQL",
            "published",
            "measured ratio",
            "test",
            "p",
            "verdict");
    for (ClaimCheck check : checks) {
      Claim claim = check.claim();
      List<String> row = new ArrayList<>();
      row.add(Markdown.text(claim.claim()));
      row.add(Markdown.text(claim.source()));
      row.add(Markdown.text(check.versions()));
      row.add(
          claim.seed() == null
              ? NO_FIGURE
              : Markdown.text(claim.seed()) + " (" + ratio(claim.seedRatio()) + ")");
      row.add(measured(check));
      row.add(check.formula());
      boolean tested = check.verdict() != Verdict.NO_VERDICT;
      row.add(tested ? String.format(Locale.ROOT, "%.3f", check.p()) : "–");
      row.add(verdict(check));
      table.row(row);
    }
    table.appendTo(out);
    return out.append('\n').append(notes).append("\n\n").toString();
  }

  private static String measured(ClaimCheck check) {
    if (Double.isNaN(check.ratio())) {
      return "–";
    }
    String text = ratio(check.ratio());
    if (!Double.isNaN(check.ratioLow()) && check.subject().n() > 1) {
      text += " (" + ratio(check.ratioLow()) + "–" + ratio(check.ratioHigh()) + ")";
    }
    return text;
  }

  private static String verdict(ClaimCheck check) {
    String verdict = check.verdict().toString();
    if (check.verdict() == Verdict.HELD || check.verdict() == Verdict.NOT_HELD) {
      verdict = "**" + verdict + "**";
    }
    return check.note().isEmpty() ? verdict : verdict + " (" + Markdown.text(check.note()) + ")";
  }

  /** Two decimals, or two significant digits for a ratio far below 1 (0.0012). */
  static String ratio(double value) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      return "–";
    }
    return value >= 0.1 || value == 0
        ? String.format(Locale.ROOT, "%.2f", value)
        : Formats.significant(value);
  }
}
