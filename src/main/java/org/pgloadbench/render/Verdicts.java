package org.pgloadbench.render;

import java.util.List;
import java.util.Locale;
import java.util.function.IntToDoubleFunction;
import org.pgloadbench.analysis.ClaimCheck;
import org.pgloadbench.analysis.Comparison;
import org.pgloadbench.analysis.Comparison.Verdict;
import org.pgloadbench.analysis.EscapedWrites;
import org.pgloadbench.analysis.SignedRank;
import org.pgloadbench.analysis.Size;
import org.pgloadbench.scenario.Claim;

/** How a comparison of times reads, and the rule behind it, the same in every report. */
public final class Verdicts {
  public static final String FASTER = "faster";
  public static final String SLOWER = "slower";
  public static final String SAME = "no significant difference";
  public static final String TOO_FEW =
      "no verdict (fewer than " + Comparison.MIN_SAMPLES + " repetitions)";

  private Verdicts() {}

  /** The verdict on a time: lower is faster. */
  public static String of(Verdict verdict) {
    return switch (verdict) {
      case LOWER -> FASTER;
      case HIGHER -> SLOWER;
      case NO_DIFFERENCE -> SAME;
      case TOO_FEW -> TOO_FEW;
    };
  }

  /**
   * A claim's size verdict as a table cell, with the source's uncertainty it allowed: "as published
   * (±10%)", "larger here (±9.3%)"; "–" without one.
   */
  public static String size(ClaimCheck check) {
    String size = sizeAlone(check);
    return check.size() == Size.NONE || check.size() == Size.NOT_JUDGED
        ? size
        : size + " (" + uncertainty(check.claim()) + ")";
  }

  /** The size verdict without the uncertainty, where the claim's line gives it once. */
  public static String sizeAlone(ClaimCheck check) {
    return check.size() == Size.NOT_JUDGED
        ? EscapedWrites.notJudged(check.escaped())
        : check.size().toString();
  }

  /** "±10%": the uncertainty a published ratio is allowed, the source's own spread or ±10%. */
  public static String uncertainty(Claim claim) {
    double u = claim.seedUncertainty() * 100;
    return "±"
        + (u == Math.rint(u) ? Long.toString((long) u) : String.format(Locale.ROOT, "%.1f", u))
        + "%";
  }

  /**
   * Why sizes measured on a disk limit that writes escaped are not judged, for the notes under a
   * table that has such a size.
   */
  public static String notJudgedRule() {
    return String.format(
        Locale.ROOT,
        "*%s*: more than %d%% of the bytes a side's server wrote passed no disk throttle (under"
            + " cgroup v1 the kernel's writeback of buffered writes, which a memory cap forces out"
            + " early, is charged to no cgroup), so the ratio compares a throttled side with one"
            + " that mostly was not, not this disk limit's; run the server with direct I/O"
            + " (`io=direct` in the disk limit, PostgreSQL 16 and later) or under cgroup v2.",
        Size.NOT_JUDGED,
        Math.round(EscapedWrites.MAX_SHARE * 100));
  }

  /** The size rule, as the notes under a claims table state it. */
  public static String sizeRule() {
    return String.format(
        Locale.ROOT,
        "Size: the published ratio against the measured interval widened by the source's own"
            + " uncertainty u, [low × (1 − u), high × (1 + u)]: *%s* when the published ratio lies"
            + " inside it, *%s* or *%s* when the measured ratio is, beyond it, below or above the"
            + " published one; u is the spread of the runs a source lists (the 95%% interval of the"
            + " ratio of their averages), else ±%d%% for a source's single run; – without a"
            + " published figure.",
        Size.AS_PUBLISHED,
        Size.SMALLER,
        Size.LARGER,
        Math.round(Claim.SINGLE_RUN_TOLERANCE * 100));
  }

  /** "0.89×": other's median over base's. */
  public static String ratio(Comparison c) {
    return Double.isNaN(c.ratio()) ? "–" : String.format(Locale.ROOT, "%.2f×", c.ratio());
  }

  /** " (0.97–1.04)": a paired ratio's 95% interval; empty for a comparison without one. */
  public static String interval(Comparison c) {
    return Double.isNaN(c.ratioLow()) ? "" : " (" + range(c) + ")";
  }

  /** "0.97–1.04": a paired ratio's 95% interval, as a table's column gives it; "–" without one. */
  public static String range(Comparison c) {
    return Double.isNaN(c.ratioLow())
        ? "–"
        : String.format(Locale.ROOT, "%.2f–%.2f", c.ratioLow(), c.ratioHigh());
  }

  /** "p 0.008", two-sided; "p 0.008, Holm 0.024" for one of a table's family. */
  public static String p(Comparison c) {
    return "p "
        + pValue(c.pTwoSided())
        + (Double.isNaN(c.pAdjusted()) ? "" : ", Holm " + pValue(c.pAdjusted()));
  }

  public static String pValue(double p) {
    return p < 0.001 ? "<0.001" : String.format(Locale.ROOT, "%.3f", p);
  }

  /**
   * The verdict with its p-value, as a sentence or table cell reads it: "**faster** (p 0.008)", "no
   * significant difference (p 0.310)", or no verdict.
   */
  public static String stated(Comparison c) {
    return switch (c.verdict()) {
      case LOWER, HIGHER -> "**" + of(c.verdict()) + "** (" + p(c) + ")";
      case NO_DIFFERENCE -> SAME + " (" + p(c) + ")";
      case TOO_FEW -> TOO_FEW;
    };
  }

  /** The rule of a run whose servers ran round by round: every verdict pairs the rounds. */
  public static String pairedRule() {
    return "Every server of this run was up from the start and every round loaded every cell on"
        + " every server once, so two servers' (or two cells') loads of one round, seconds apart,"
        + " make a pair that the machine's drift between rounds does not move. "
        + pairedTest();
  }

  /** How a verdict between two servers is reached in a run that started its servers afresh. */
  public static String startsRule() {
    return String.format(
        Locale.ROOT,
        "The servers were started afresh every few rounds (restart:), so a comparison of two"
            + " servers (two versions or builds, the control, two settings profiles, caps, disks or"
            + " standbys) takes a start as its unit: each start's per-round log ratios averaged,"
            + " then Student's two-sided t test over those start means at α = %.2f, its ratio the"
            + " exponential of their mean and its 95%% interval the t interval. It is the test of"
            + " a mixed model with a random effect per start (rounds nested in starts, balanced),"
            + " chosen over a hierarchical bootstrap, whose percentile intervals are too narrow on"
            + " 5 to 20 units, and over the signed-rank test, which cannot reach p %.2f on 5. Two"
            + " cells of one server start stay paired by round.",
        Comparison.ALPHA,
        Comparison.ALPHA);
  }

  /** How a paired verdict is reached, for any loads alternated within the same rounds. */
  public static String pairedTest() {
    return rule(
        "test the per-round log ratios with the two-sided exact Wilcoxon signed-rank test",
        "; with fewer than %d rounds on both sides no verdict is given. The ratio is the median of"
            + " the per-round ratios, with its 95%% interval where one is shown.");
  }

  /** The rule of samples with nothing to pair them by (separate runs, older runs). */
  public static String rule() {
    return rule(
        "compare the repetitions of two sides with the two-sided exact Mann-Whitney U test",
        ". With fewer than %d repetitions on a side no verdict is given. The ratio is the median of"
            + " one side over the base's.");
  }

  private static String rule(String test, String tooFew) {
    return String.format(
        Locale.ROOT,
        "Verdicts %s at α = %.2f: **faster** or **slower** when p < %.2f, otherwise *%s*" + tooFew,
        test,
        Comparison.ALPHA,
        Comparison.ALPHA,
        SAME,
        Comparison.MIN_SAMPLES);
  }

  /**
   * A warning when this many paired rounds can never reach significance in a table of {@code
   * family} tests corrected together by Holm's method (which multiplies the smallest p by their
   * number), else empty; it names the fewest rounds that could.
   */
  public static String tooFewPairs(int pairs, int family, boolean oneSided) {
    if (pairs < Comparison.MIN_SAMPLES) {
      return "";
    }
    int tests = Math.max(1, family);
    IntToDoubleFunction smallest =
        n ->
            Math.min(
                1,
                tests
                    * (oneSided ? SignedRank.smallestOneSidedP(n) : Comparison.smallestPairedP(n)));
    if (smallest.applyAsDouble(pairs) <= Comparison.ALPHA) {
      return "";
    }
    int needed = pairs;
    while (smallest.applyAsDouble(needed) > Comparison.ALPHA) {
      needed++;
    }
    return String.format(
        Locale.ROOT,
        "With %d paired rounds the smallest possible p is %s%s, above %.2f: no difference can be"
            + " called significant. Run at least %d rounds (REPEAT=%d).",
        pairs,
        pValue(smallest.applyAsDouble(pairs)),
        tests > 1 ? " after Holm's correction over the table's " + tests + " tests" : "",
        Comparison.ALPHA,
        needed,
        needed);
  }

  /**
   * A warning when even the best-measured of these comparisons, in a table of {@code family} tests,
   * can never reach significance (the rule of {@link #tooFewPairs} or of {@link
   * #tooSmallToDecide}), else empty.
   */
  public static String tooFew(List<Comparison> comparisons, int family) {
    int most = 0;
    boolean paired = false;
    for (Comparison c : comparisons) {
      paired |= c.test().paired();
      most = Math.max(most, paired ? c.pairs() : Math.min(c.base().n(), c.other().n()));
    }
    return paired ? tooFewPairs(most, family, false) : tooSmallToDecide(most, most);
  }

  /**
   * A warning when samples of these sizes can never reach significance (3 against 3: the smallest
   * two-sided p is 0.1), else empty.
   */
  public static String tooSmallToDecide(int baseSize, int otherSize) {
    if (baseSize < Comparison.MIN_SAMPLES || otherSize < Comparison.MIN_SAMPLES) {
      return "";
    }
    double smallest = Comparison.smallestTwoSidedP(baseSize, otherSize);
    if (smallest <= Comparison.ALPHA) {
      return "";
    }
    return String.format(
        Locale.ROOT,
        "With %d against %d repetitions the smallest possible p is %s, above %.2f: no difference"
            + " can be called significant. Run at least 4 repetitions a side (REPEAT=5 gives"
            + " p down to 0.008).",
        baseSize,
        otherSize,
        pValue(smallest),
        Comparison.ALPHA);
  }
}
