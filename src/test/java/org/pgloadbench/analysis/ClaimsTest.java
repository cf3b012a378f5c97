package org.pgloadbench.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.pgloadbench.analysis.ClaimCheck.Verdict;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.results.Measurements;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.results.StepKey;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.scenario.Claim;
import org.pgloadbench.scenario.Claim.Relation;
import org.pgloadbench.scenario.Claim.Side;

/** Claims checked on stored results whose values are chosen to give each verdict. */
class ClaimsTest {
  private final List<StepResult> results = new ArrayList<>();

  private void add(String version, String cell, String table, String step, double... seconds) {
    for (int i = 0; i < seconds.length; i++) {
      results.add(
          StepResult.ok(
              "run",
              "s",
              new StepKey(
                  version,
                  cell,
                  i + 1,
                  "planet_osm_" + table,
                  StepKind.named(step),
                  "planet_osm_" + table + "_idx"),
              Map.of(),
              Measurements.timed(seconds[i])
                  .walBytes((long) (seconds[i] * 1000))
                  .objectBytes((long) (seconds[i] * 100))
                  .build()));
    }
  }

  private static Claim claim(Relation relation, double factor, Side subject, Side reference) {
    return new Claim("c", "src", null, null, null, "seconds", relation, factor, subject, reference, null, null, null, null);
  }

  private static Side side(String cell, String... steps) {
    return new Side(
        cell, null, List.of("ways"), Arrays.stream(steps).map(StepKind::named).toList());
  }

  private ClaimCheck only(Claim claim) {
    List<ClaimCheck> checks = Claims.check(List.of(claim), results, false, RunManifest.NONE);
    assertThat(checks).hasSize(1);
    return checks.get(0);
  }

  @Test
  void heldNotHeldAndInconclusiveByTheOneSidedTests() {
    add("17.6", "binary", "ways", "copy", 1.0, 1.1, 1.2, 0.9, 1.05);
    add("17.6", "text", "ways", "copy", 2.0, 2.1, 1.9, 2.2, 2.05);
    add("17.6", "noisy", "ways", "copy", 1.5, 2.5, 0.8, 2.9, 1.2);

    ClaimCheck held = only(claim(Relation.LESS, 1, side("binary", "copy"), side("text", "copy")));
    assertThat(held.verdict()).isEqualTo(Verdict.HELD);
    assertThat(held.p()).isLessThanOrEqualTo(Comparison.ALPHA);
    assertThat(held.ratio()).isCloseTo(1.05 / 2.05, within(1e-9));
    assertThat(held.ratioLow()).isCloseTo(0.9 / 2.2, within(1e-9));
    assertThat(held.ratioHigh()).isCloseTo(1.2 / 1.9, within(1e-9));
    assertThat(held.versions()).isEqualTo("17.6");

    ClaimCheck notHeld =
        only(claim(Relation.LESS, 1, side("text", "copy"), side("binary", "copy")));
    assertThat(notHeld.verdict()).isEqualTo(Verdict.NOT_HELD);
    assertThat(notHeld.p()).isGreaterThan(0.5);

    ClaimCheck more = only(claim(Relation.MORE, 1, side("text", "copy"), side("binary", "copy")));
    assertThat(more.verdict()).isEqualTo(Verdict.HELD);

    ClaimCheck overlap = only(claim(Relation.LESS, 1, side("noisy", "copy"), side("text", "copy")));
    assertThat(overlap.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(overlap.note()).isEmpty();
  }

  @Test
  void aFactorScalesTheReference() {
    add("17.6", "freeze", "ways", "vacuum", 0.05, 0.06, 0.04);
    add("17.6", "copy", "ways", "vacuum", 1.0, 1.2, 0.9);
    add("17.6", "logged", "ways", "copy", 2.0, 2.1, 1.9);
    add("17.6", "unlogged", "ways", "copy", 1.8, 1.9, 1.7);
    add("17.6", "unlogged", "ways", "set_logged", 0.3, 0.2, 0.4);

    // "far shorter": under a tenth. 0.05 s vs 1 s holds; it would not under a hundredth.
    assertThat(
            only(claim(Relation.LESS, 0.1, side("freeze", "vacuum"), side("copy", "vacuum")))
                .verdict())
        .isEqualTo(Verdict.HELD);
    assertThat(
            only(claim(Relation.LESS, 0.01, side("freeze", "vacuum"), side("copy", "vacuum")))
                .verdict())
        .isEqualTo(Verdict.NOT_HELD);
    // "no faster than": the unlogged load and its SET LOGGED, summed, above 0.9 x the logged load.
    ClaimCheck noFaster =
        only(
            claim(
                Relation.MORE,
                0.9,
                side("unlogged", "copy", "set_logged"),
                side("logged", "copy")));
    assertThat(noFaster.verdict()).isEqualTo(Verdict.HELD);
    assertThat(noFaster.subject().median()).isCloseTo(2.1, within(1e-9));
  }

  @Test
  void noVerdictWithFewerThanThreeRepetitionsOrASideNotMeasured() {
    add("17.6", "binary", "ways", "copy", 1.0, 1.1);
    add("17.6", "text", "ways", "copy", 2.0, 2.1);
    ClaimCheck two = only(claim(Relation.LESS, 1, side("binary", "copy"), side("text", "copy")));
    assertThat(two.verdict()).isEqualTo(Verdict.NO_VERDICT);
    assertThat(two.note()).isEqualTo("repetitions 2 vs 2; a verdict needs 3");
    assertThat(two.ratio()).isCloseTo(1.05 / 2.05, within(1e-9));

    ClaimCheck missing =
        only(claim(Relation.LESS, 1, side("binary", "primary_key"), side("text", "copy")));
    assertThat(missing.verdict()).isEqualTo(Verdict.NO_VERDICT);
    assertThat(missing.note()).isEqualTo("binary on 17.6: not measured");
    assertThat(missing.ratio()).isNaN();

    // a claim that says what it needs says so first (gist-geometry's on one PostGIS server)
    Claim needs =
        new Claim(
            "c",
            "src",
            null,
            null, null,
            "seconds",
            Relation.LESS,
            1,
            side("binary", "primary_key"),
            side("text", "copy"),
            "PostGIS on both versions", null, null, null);
    assertThat(only(needs).note())
        .isEqualTo("needs PostGIS on both versions; binary on 17.6: not measured");
  }

  @Test
  void sumsOverTablesAndStepsLeaveOutARepetitionCutShortByAFailure() {
    add("17.6", "later", "nodes", "copy", 1, 1, 1, 1);
    add("17.6", "later", "ways", "copy", 2, 2, 2, 2);
    add("17.6", "later", "nodes", "primary_key", 0.5, 0.5, 0.5, 0.5);
    add("17.6", "now", "nodes", "copy", 5, 5, 5, 5);
    add("17.6", "now", "ways", "copy", 6, 6, 6, 6);
    // Repetition 4 of "later": the ways primary key failed.
    add("17.6", "later", "ways", "primary_key", 0.25, 0.25, 0.25);
    results.add(
        StepResult.failed(
            "run",
            "s",
            new StepKey("17.6", "later", 4, "planet_osm_ways", StepKind.named("primary_key"), null),
            Map.of(),
            Measurements.timed(0.1).build(),
            "boom"));
    List<String> both = List.of("nodes", "ways");
    Claim c =
        claim(
            Relation.LESS,
            1,
            new Side("later", null, both, List.of(StepKind.COPY, StepKind.PRIMARY_KEY)),
            new Side("now", null, both, List.of(StepKind.COPY)));
    ClaimCheck check = only(c);
    assertThat(check.subject().n()).isEqualTo(3);
    assertThat(check.subject().median()).isEqualTo(3.75);
    assertThat(check.reference().n()).isEqualTo(4);
    assertThat(check.reference().median()).isEqualTo(11);
    assertThat(check.verdict()).isEqualTo(Verdict.HELD);
  }

  @Test
  void aClaimIsCheckedOnEveryVersionUnlessItsSidesNameVersions() {
    // four a side: one-sided p 1/70 each, 2/70 after Holm over the table's two checks
    add("16.10", "binary", "ways", "copy", 1, 1.1, 1.2, 1.15);
    add("16.10", "text", "ways", "copy", 2, 2.1, 2.2, 2.15);
    add("16.9", "binary", "ways", "copy", 3, 3.1, 3.2, 3.15);
    add("16.9", "text", "ways", "copy", 2, 2.1, 2.2, 2.15);
    List<ClaimCheck> checks =
        Claims.check(
            List.of(claim(Relation.LESS, 1, side("binary", "copy"), side("text", "copy"))),
            results,
            false,
            RunManifest.NONE);
    assertThat(checks).extracting(ClaimCheck::versions).containsExactly("16.9", "16.10");
    assertThat(checks)
        .extracting(ClaimCheck::verdict)
        .containsExactly(Verdict.NOT_HELD, Verdict.HELD);

    Claim across =
        claim(
            Relation.LESS,
            1,
            new Side("binary", "16.10", List.of("ways"), List.of(StepKind.COPY)),
            new Side("binary", "16.9", List.of("ways"), List.of(StepKind.COPY)));
    ClaimCheck one = Claims.check(List.of(across), results, false, RunManifest.NONE).get(0);
    assertThat(one.versions()).isEqualTo("16.10 vs 16.9");
    assertThat(one.verdict()).isEqualTo(Verdict.HELD);
  }

  @Test
  void holmsCorrectionSpansTheClaimsOfATable() {
    // 3 against 3: each one-sided p is 0.05, held alone, not once there are two
    add("17.6", "binary", "ways", "copy", 1, 1.1, 1.2);
    add("17.6", "text", "ways", "copy", 2, 2.1, 2.2);
    Claim claim = claim(Relation.LESS, 1, side("binary", "copy"), side("text", "copy"));
    ClaimCheck alone = only(claim);
    assertThat(alone.verdict()).isEqualTo(Verdict.HELD);
    assertThat(alone.pHolm()).isNaN();
    List<ClaimCheck> two = Claims.check(List.of(claim, claim), results, false, RunManifest.NONE);
    assertThat(two).extracting(ClaimCheck::verdict).containsOnly(Verdict.INCONCLUSIVE);
    assertThat(two.get(0).p()).isCloseTo(0.05, within(1e-9));
    assertThat(two.get(0).pHolm()).isCloseTo(0.1, within(1e-9));
  }

  @Test
  void otherMeasures() {
    add("17.6", "freeze", "ways", "copy", 1, 1, 1);
    add("17.6", "plain", "ways", "copy", 3, 3, 3);
    Claim wal =
        new Claim(
            "less WAL",
            "src",
            "1 MB vs 3 MB",
            1 / 3.0, null,
            "wal_bytes",
            Relation.LESS,
            1,
            side("freeze", "copy"),
            side("plain", "copy"), null, null, null, null);
    ClaimCheck check = only(wal);
    assertThat(check.subject().median()).isEqualTo(1000);
    assertThat(check.verdict()).isEqualTo(Verdict.HELD);
    Claim index =
        new Claim(
            "smaller index",
            "src",
            null,
            null, null,
            "object_bytes",
            Relation.LESS,
            1,
            side("freeze", "copy"),
            side("plain", "copy"), null, null, null, null);
    assertThat(only(index).reference().median()).isEqualTo(300);
    assertThat(check.formula()).isEqualTo("< 1 ×");
    assertThat(
            only(claim(Relation.MORE, 0.9, side("plain", "copy"), side("freeze", "copy")))
                .formula())
        .isEqualTo("> 0.9 ×");
  }
}
