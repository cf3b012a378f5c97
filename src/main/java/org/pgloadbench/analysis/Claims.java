package org.pgloadbench.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.pgloadbench.analysis.ClaimCheck.Verdict;
import org.pgloadbench.dataset.MiddleTable;
import org.pgloadbench.results.Measurements;
import org.pgloadbench.results.Repetitions;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.results.Starts;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.results.Summary;
import org.pgloadbench.scenario.Claim;
import org.pgloadbench.scenario.Claim.Relation;
import org.pgloadbench.scenario.Claim.Side;
import org.pgloadbench.server.Versions;

/**
 * Checks a scenario's claims against the results a run stored, with the test every comparison uses
 * ({@link Comparison}), so no claim is called held on a difference its own statistics call noise.
 *
 * <p>The rule: a claim "subject &lt; factor × reference" is <b>held</b> when the one-sided
 * Mann-Whitney p that the subject's repetitions tend lower than factor × the reference's is at most
 * {@link Comparison#ALPHA}; <b>not held</b> when the one-sided p of the opposite direction is; and
 * <b>inconclusive</b> otherwise. "&gt;" mirrors it. With fewer than {@link Comparison#MIN_SAMPLES}
 * repetitions on a side there is <b>no verdict</b>.
 */
public final class Claims {
  private Claims() {}

  /**
   * Every claim checked on every version measured (a claim whose sides name versions: once), in
   * claim order, then version order: one table, whose verdicts are Holm-corrected together. The
   * claimed side's p-values are one family and the opposite side's another, so that, over the
   * table, a claim of no difference is called held, or not held, by chance at most {@link
   * Comparison#ALPHA} of the time each, as a single claim is. A claim whose sides ran on two server
   * starts is compared over the starts where the run's {@code manifest} says it started its servers
   * afresh.
   */
  public static List<ClaimCheck> check(
      List<Claim> claims, List<StepResult> results, boolean paired, RunManifest manifest) {
    List<ClaimCheck> checks = uncorrected(claims, results, paired, manifest);
    double[] claimed = new double[checks.size()];
    double[] opposite = new double[checks.size()];
    for (int i = 0; i < checks.size(); i++) {
      boolean tested = checks.get(i).verdict() != Verdict.NO_VERDICT;
      claimed[i] = tested ? checks.get(i).p() : Double.NaN;
      opposite[i] = tested ? checks.get(i).pOpposite() : Double.NaN;
    }
    if (Holm.size(claimed) < 2) {
      return checks;
    }
    double[] holm = Holm.adjust(claimed);
    double[] holmOpposite = Holm.adjust(opposite);
    List<ClaimCheck> corrected = new ArrayList<>();
    for (int i = 0; i < checks.size(); i++) {
      ClaimCheck c = checks.get(i);
      corrected.add(Double.isNaN(holm[i]) ? c : c.corrected(holm[i], holmOpposite[i]));
    }
    return corrected;
  }

  private static List<ClaimCheck> uncorrected(
      List<Claim> claims, List<StepResult> results, boolean paired, RunManifest manifest) {
    List<StepResult> measured = results.stream().filter(r -> r.repetition() >= 1).toList();
    // a control measures the machine, not a version: claims are checked on the others
    List<String> versions =
        measured.stream()
            .map(StepResult::server)
            .filter(server -> !server.endsWith(RunManifest.CONTROL_SUFFIX))
            .distinct()
            .sorted(Versions.ORDER)
            .toList();
    List<ClaimCheck> checks = new ArrayList<>();
    for (Claim claim : claims) {
      if (claim.subject().version() != null) {
        String a = match(claim.subject().version(), versions);
        String b = match(claim.reference().version(), versions);
        checks.add(check(claim, a, b, a + " vs " + b, measured, paired, manifest));
      } else {
        for (String version : versions) {
          checks.add(check(claim, version, version, version, measured, paired, manifest));
        }
      }
    }
    return checks;
  }

  static ClaimCheck check(
      Claim claim,
      String subjectVersion,
      String referenceVersion,
      String label,
      List<StepResult> results,
      boolean paired,
      RunManifest manifest) {
    Starts starts =
        subjectVersion == null || referenceVersion == null
            ? manifest.starts()
            : manifest.startsBetween(
                subjectVersion, claim.subject().cell(), referenceVersion, claim.reference().cell());
    Function<Measurements, Number> measure = Measurements.named(claim.measure());
    Map<Integer, Double> subject = perRepetition(claim.subject(), subjectVersion, measure, results);
    Map<Integer, Double> reference =
        perRepetition(claim.reference(), referenceVersion, measure, results);
    double escaped =
        EscapedWrites.larger(
            EscapedWrites.of(results, subjectVersion, claim.subject().cell()),
            EscapedWrites.of(results, referenceVersion, claim.reference().cell()));
    if (subject.isEmpty() || reference.isEmpty()) {
      String missing =
          (subject.isEmpty()
                  ? claim.subject().cell() + " on " + subjectVersion
                  : claim.reference().cell() + " on " + referenceVersion)
              + ": not measured";
      if (claim.needs() != null) {
        missing = "needs " + claim.needs() + "; " + missing;
      }
      return new ClaimCheck(
          claim,
          label,
          subject.isEmpty() ? null : Summary.of(subject.values()),
          reference.isEmpty() ? null : Summary.of(reference.values()),
          Double.NaN,
          Double.NaN,
          Double.NaN,
          Double.NaN,
          Double.NaN,
          Double.NaN,
          Double.NaN,
          Verdict.NO_VERDICT,
          missing,
          !paired
              ? Comparison.Test.MANN_WHITNEY
              : starts.several() ? Comparison.Test.STARTS : Comparison.Test.SIGNED_RANK,
          escaped);
    }
    double[] s = subject.values().stream().mapToDouble(Double::doubleValue).toArray();
    double[] scaledReference =
        reference.values().stream().mapToDouble(v -> v * claim.factor()).toArray();
    // paired: the rounds' log ratios against log(factor); else the two samples as they are
    Comparison c =
        paired
            ? Comparison.overStarts(reference, subject, claim.factor(), starts)
            : Comparison.of(scaledReference, s);
    double pClaimed = claim.relation() == Relation.LESS ? c.pLower() : c.pHigher();
    double pOpposite = claim.relation() == Relation.LESS ? c.pHigher() : c.pLower();
    boolean tooFew = c.verdict() == Comparison.Verdict.TOO_FEW; // too few pairs, or repetitions
    String counted =
        paired
            ? "rounds with both sides " + c.pairs()
            : "repetitions " + s.length + " vs " + scaledReference.length;
    String note = tooFew ? counted + "; a verdict needs " + Comparison.MIN_SAMPLES : "";
    Verdict verdict = tooFew ? Verdict.NO_VERDICT : Verdict.of(pClaimed, pOpposite);
    Summary subjectSummary = Summary.of(s);
    Summary referenceSummary = Summary.of(reference.values());
    double low = Double.NaN;
    double high = Double.NaN;
    for (var e : subject.entrySet()) {
      Double r = reference.get(e.getKey());
      if (r != null && r != 0) {
        double ratio = e.getValue() / r;
        low = Double.isNaN(low) ? ratio : Math.min(low, ratio);
        high = Double.isNaN(high) ? ratio : Math.max(high, ratio);
      }
    }
    double ratio =
        referenceSummary.median() == 0
            ? Double.NaN
            : subjectSummary.median() / referenceSummary.median();
    if (paired) {
      ratio = c.ratio();
      low = c.ratioLow();
      high = c.ratioHigh();
    }
    return new ClaimCheck(
        claim,
        label,
        subjectSummary,
        referenceSummary,
        ratio,
        low,
        high,
        pClaimed,
        pOpposite,
        Double.NaN,
        Double.NaN,
        verdict,
        note,
        c.test(),
        escaped);
  }

  /** A side's measure summed over its tables and steps, per repetition ({@link Repetitions}). */
  static Map<Integer, Double> perRepetition(
      Side side, String version, Function<Measurements, Number> measure, List<StepResult> results) {
    return Repetitions.sums(
        results.stream()
            .filter(r -> r.server().equals(version) && r.cell().equals(side.cell()))
            .filter(r -> side.tables().contains(MiddleTable.shortName(r.table())))
            .filter(r -> side.steps().contains(r.step()))
            .toList(),
        measure);
  }

  /** The measured version a scenario's {@code 17} or {@code 17.6} means, else it as written. */
  private static String match(String version, List<String> measured) {
    return measured.stream().filter(v -> Versions.names(version, v)).findFirst().orElse(version);
  }
}
