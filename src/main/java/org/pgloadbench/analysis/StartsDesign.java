package org.pgloadbench.analysis;

import java.util.Map;
import org.pgloadbench.results.OutsideSteps;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.results.StoredRun;

/**
 * What a run that started its servers afresh says of its next design: how its control's log ratio
 * to the base spread between starts and within one, what a start of every server and a round cost,
 * and so the number of starts and rounds per start that reach a detectable difference soonest.
 * Read by the report's Server starts section and by {@code restart: auto}, which takes its rounds
 * per start from the newest stored run of the scenario.
 *
 * @param control the spread of the control's log ratio to its base per round
 * @param startSeconds stopping and starting every server and warming each up, once
 * @param roundSeconds one round: every server's loads and their set-up
 */
public record StartsDesign(StartVariance control, double startSeconds, double roundSeconds) {
  /** The detectable difference a design aims at: a slowdown a patch review cares about. */
  public static final double TARGET = 0.03;

  /** The design a run tells of; null when it had no control or started its servers once. */
  public static StartsDesign of(StoredRun results) {
    RunManifest manifest = results.manifest();
    String base = results.controlBase();
    if (base == null || !manifest.starts().several()) {
      return null;
    }
    String control = base + RunManifest.CONTROL_SUFFIX;
    Map<Integer, Double> baseRounds = results.totalsPerRound(base, results.cells(control));
    Map<Integer, Double> twin = results.totalsPerRound(control, results.cells(control));
    double startSeconds = 0;
    double roundSeconds = 0;
    for (String version : results.versions()) {
      OutsideSteps outside = manifest.outsideSteps().get(version);
      Map<Integer, Double> totals = results.totalsPerRound(version, results.cells(version));
      roundSeconds += totals.values().stream().mapToDouble(d -> d).average().orElse(0);
      if (outside != null && !Double.isNaN(outside.secondsPerStart())) {
        startSeconds += outside.secondsPerStart();
      }
      if (outside != null && outside.loads() > 0) {
        roundSeconds +=
            outside.loadSetupSeconds() / outside.loads() * results.cells(version).size();
      }
    }
    return new StartsDesign(
        StartVariance.of(manifest.starts().group(Comparison.logRatios(baseRounds, twin))),
        startSeconds,
        roundSeconds);
  }

  /**
   * The design reaching {@link #TARGET} soonest; null when the spread is not known, or rests on
   * fewer than {@link Comparison#MIN_SAMPLES} starts (two starts' spread is a guess).
   */
  public StartVariance.Design fastest() {
    return control.starts() < Comparison.MIN_SAMPLES
        ? null
        : control.fastest(TARGET, startSeconds, roundSeconds);
  }
}
