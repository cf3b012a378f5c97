package org.pgloadbench.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.pgloadbench.analysis.Answer;
import org.pgloadbench.analysis.ClaimCheck;
import org.pgloadbench.analysis.ClaimCheck.Verdict;
import org.pgloadbench.analysis.Comparison;
import org.pgloadbench.analysis.Settling;
import org.pgloadbench.analysis.Size;
import org.pgloadbench.dataset.MiddleTable;
import org.pgloadbench.render.Formats;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.render.MarkdownPage;
import org.pgloadbench.render.Table;
import org.pgloadbench.render.Verdicts;
import org.pgloadbench.results.StoredRun;
import org.pgloadbench.scenario.Claim;

/** The claims table: each published finding, its figures, what this run measured. */
final class ClaimsSection {
  /**
   * The notes under a claims table: how its claims are decided (in a comment, the one line it has
   * room for), then how a size is judged when some claim's is not.
   */
  static String notes(List<ClaimCheck> checks, boolean paired, boolean comment) {
    return (comment ? commentRule(paired) : rule(paired))
        + (checks.stream().anyMatch(c -> c.size() == Size.NOT_JUDGED)
            ? "\n\n" + Verdicts.notJudgedRule()
            : "");
  }

  /** How claims are decided, in full. */
  private static String rule(boolean paired) {
    return (paired
            ? "Measured ratio: the median of the per-round ratios of the first side to the"
                + " second, with its 95% interval (with fewer than 6 rounds, the lowest and highest"
                + " ratio of one round). A claim `A < f × B` is **held** when the one-sided exact"
                + " signed-rank test on the rounds' log ratios finds A below f × B"
            : "Measured ratio: the median of the first side over the median of the second, with"
                + " the lowest and highest ratio of one repetition's pair beside it. A claim `A < f"
                + " × B` is **held** when a one-sided Mann-Whitney test finds A's repetitions"
                + " lower than f × B's")
        + " (p ≤ "
        + Comparison.ALPHA
        + " after Holm's correction over the claims of the table: the smallest p is multiplied by"
        + " their number, the next by one less, and so on), **not held** when the opposite"
        + " one-sided test does (corrected the same way), **inconclusive** when neither does; `>`"
        + " mirrors it. A factor below 1 states \"far less\" (`< 0.1 ×`: under a tenth); `> 0.9"
        + " ×` states \"no faster than\" (at most 10% less). With fewer than "
        + Comparison.MIN_SAMPLES
        + " repetitions on a side there is no verdict. A claim that does not hold here is a"
        + " finding about this machine and these versions, not a reason to change the claim. "
        + Verdicts.sizeRule();
  }

  /**
   * The published column of a claim without figures: a source's finding in words, or the harness's
   * own expectation (its source then says what it rests on).
   */
  static final String NO_FIGURE = "no published figure";

  /** A check's settings or disk where the claim names none. */
  private static final String CELLS = "as its cells say";

  private ClaimsSection() {}

  /** The warning when the claims' rounds can decide none of them after Holm's correction. */
  private static String tooFew(List<ClaimCheck> checks) {
    List<ClaimCheck> tested =
        checks.stream().filter(c -> c.verdict() != Verdict.NO_VERDICT).toList();
    int pairs =
        tested.stream().mapToInt(c -> Math.min(c.subject().n(), c.reference().n())).max().orElse(0);
    return Verdicts.tooFewPairs(pairs, tested.size(), true);
  }

  /**
   * The claims, a tally of their verdicts in the heading, then each claim once, numbered, with its
   * source, published figures and test, and one table of its checks beneath: a row per version,
   * settings profile and disk it was checked under, so that its words are not repeated per check
   * and the table stays narrow enough to read without scrolling; none for none.
   */
  static void render(
      Answer answer,
      boolean paired,
      boolean comment,
      int rows,
      StopReasons stops,
      MarkdownPage page) {
    List<ClaimCheck> checks = answer.claims();
    if (checks.isEmpty()) {
      return;
    }
    page.heading(3, heading(answer));
    // a comment keeps the verdicts; when each stopped is the full report's
    body(checks, comment ? StopReasons.NONE : stops, rows, page);
    String tooFew = paired ? tooFew(checks) : "";
    if (!tooFew.isEmpty()) {
      page.block("**" + tooFew + "**");
    }
    page.block(notes(checks, paired, comment));
  }

  /**
   * Each claim once, numbered, then the table of its checks, its first {@code rows} (a comment's
   * room) and a line counting the others; also what {@code make reproduce}'s combined report shows
   * of each scenario.
   */
  static void body(List<ClaimCheck> checks, StopReasons stops, int rows, MarkdownPage page) {
    Map<List<Object>, ClaimCheck> claims = new LinkedHashMap<>();
    checks.forEach(check -> claims.putIfAbsent(words(check.claim()), check));
    List<List<Object>> numbered = List.copyOf(claims.keySet());
    List<String> listed = new ArrayList<>();
    claims.values().forEach(check -> listed.add((listed.size() + 1) + ". " + described(check)));
    page.block(String.join("\n", listed));
    boolean profiles = checks.stream().anyMatch(c -> c.claim().settings() != null);
    boolean disks = checks.stream().anyMatch(c -> c.claim().disk() != null);
    Table table =
        Table.aligned(
            "rlllrrrlll",
            "claim",
            "PostgreSQL",
            profiles ? "settings" : null,
            disks ? "disk" : null,
            "measured ratio",
            "p",
            "Holm p",
            "verdict",
            "size",
            stops.shown() ? "stopped" : null);
    int shown = Math.min(rows, checks.size());
    for (int i = 0; i < shown; i++) {
      ClaimCheck check = checks.get(i);
      Claim claim = check.claim();
      boolean tested = check.verdict() != Verdict.NO_VERDICT;
      table.row(
          Integer.toString(numbered.indexOf(words(claim)) + 1),
          Markdown.text(check.versions()),
          !profiles ? null : claim.settings() == null ? CELLS : Markdown.text(claim.settings()),
          !disks ? null : claim.disk() == null ? CELLS : Markdown.code(claim.disk()),
          measured(check),
          tested ? Verdicts.pValue(check.p()) : "–",
          tested && !Double.isNaN(check.pHolm()) ? Verdicts.pValue(check.pHolm()) : "–",
          verdict(check),
          Verdicts.sizeAlone(check),
          stops.shown() ? stops.of(Settling.key(i)) : null);
    }
    page.table(table);
    if (shown < checks.size()) {
      page.block((checks.size() - shown) + " more checks in the full report.");
    }
  }

  /** One claim in words: its words, source, figures, test and sides, whatever its checks. */
  private static List<Object> words(Claim claim) {
    return Arrays.asList(
        claim.claim(), claim.source(), claim.seed(), claim.relation(), claim.factor());
  }

  /**
   * "**binary COPY of ways takes less time than text** (osm2pgsql issue #2110): published 40 min vs
   * 57 min (0.70); `< 1 ×` (paired)", and the calibration mark of a calibrating claim: {@code
   * any}'s claim, as every check of it says it.
   */
  private static String described(ClaimCheck any) {
    Claim claim = any.claim();
    return "**"
        + Markdown.text(claim.claim())
        + "** ("
        + Markdown.text(claim.source())
        + "): "
        + (claim.seed() == null
            ? NO_FIGURE
            : "published "
                + Markdown.text(claim.seed())
                + " ("
                + ratio(claim.seedRatio())
                + ", "
                + Verdicts.uncertainty(claim)
                + ")")
        + "; `"
        + any.formula()
        + "`"
        + (claim.calibrates()
            ? "; the disk was calibrated on it, so its size is counted in no tally"
            : "");
  }

  /** "Claims: 2 held, 1 inconclusive; size 1 as published": the verdicts tallied. */
  private static String heading(Answer answer) {
    List<String> counts =
        answer.tally().entrySet().stream()
            .filter(e -> e.getValue() > 0 || e.getKey() != Verdict.NO_VERDICT)
            .map(e -> e.getValue() + " " + e.getKey())
            .toList();
    List<String> sizes =
        answer.sizeTally().entrySet().stream()
            .filter(e -> e.getValue() > 0)
            .map(e -> e.getValue() + " " + e.getKey())
            .toList();
    boolean calibrated = answer.claims().stream().anyMatch(c -> c.claim().calibrates());
    return "Claims: "
        + String.join(", ", counts)
        + (sizes.isEmpty() ? "" : "; size " + String.join(", ", sizes))
        + (calibrated ? " (out of sample: the calibrating claim not counted)" : "");
  }

  /** How claims are decided, in the one line a comment has room for. */
  private static String commentRule(boolean paired) {
    return "<sub>A claim `A < f × B` is held or not held by a one-sided "
        + (paired ? "paired signed-rank" : "Mann-Whitney")
        + " test at p ≤ "
        + Comparison.ALPHA
        + " after Holm's correction over the claims of the table (both p shown),"
        + " inconclusive when neither direction is significant; no verdict under "
        + Comparison.MIN_SAMPLES
        + " repetitions. Size: as published when the published ratio lies in the"
        + " measured interval widened by the source's uncertainty (±u shown).</sub>";
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

  /** The stored tables a claim's side sums: its short names (ways) as the run names them. */
  static List<String> tables(StoredRun results, String version, Claim.Side side) {
    return results.tables(version).stream()
        .filter(t -> side.tables().contains(MiddleTable.shortName(t)))
        .toList();
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
