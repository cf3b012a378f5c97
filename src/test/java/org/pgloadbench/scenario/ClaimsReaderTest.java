package org.pgloadbench.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.scenario.Claim.Relation;
import org.pgloadbench.scenario.Claim.Side;

/** Claims as a scenario writes them: what they read into, and every mistake at its line. */
class ClaimsReaderTest {
  @TempDir Path dir;

  static final String HEAD =
      """
      name: t
      dataset: {kind: osm-synthetic, tables: [nodes, ways], rows: {nodes: 100, ways: 10}}
      servers: {versions: [15, 17]}
      matrix:
        format: [text, binary]
        pk: [now, later]
      steps: [create, copy, primary_key, vacuum]
      claims:
      """;

  Scenario load(String claims) throws Exception {
    return ScenarioLoader.load(Files.writeString(dir.resolve("x.yaml"), HEAD + claims));
  }

  String error(String claims) throws Exception {
    String message = catchThrowableOfType(ScenarioException.class, () -> load(claims)).getMessage();
    assertThat(message).doesNotContain("\n");
    return message;
  }

  String at(int line, String message) {
    return dir.resolve("x.yaml") + ":" + line + ": " + message;
  }

  static final String GOOD =
      """
        - claim: binary COPY of ways takes less time than text
          source: "osm2pgsql issue #2110"
          seed: [40 min, 57 min]
          step: copy
          table: ways
          less: {cell: binary+pk-now}
          than: {cell: text+pk-now}
      """;

  @Test
  void readsAClaimWithTheClaimsStepAndTableOnBothSides() throws Exception {
    Claim c = load(GOOD).claims().get(0);
    assertThat(c.claim()).isEqualTo("binary COPY of ways takes less time than text");
    assertThat(c.source()).isEqualTo("osm2pgsql issue #2110");
    assertThat(c.seed()).isEqualTo("40 min vs 57 min");
    assertThat(c.seedRatio()).isCloseTo(40.0 / 57, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(c.measure()).isEqualTo("seconds");
    assertThat(c.relation()).isEqualTo(Relation.LESS);
    assertThat(c.factor()).isEqualTo(1.0);
    assertThat(c.needs()).isNull();
    assertThat(c.subject())
        .isEqualTo(new Side("binary+pk-now", null, List.of("ways"), List.of(StepKind.COPY)));
    assertThat(c.reference())
        .isEqualTo(new Side("text+pk-now", null, List.of("ways"), List.of(StepKind.COPY)));
  }

  @Test
  void sidesMaySumStepsAndTablesOfTheirOwnAndNameVersions() throws Exception {
    Claim c =
        load("""
               - claim: VACUUM after COPY FREEZE far shorter
                 source: "osm2pgsql issue #2110"
                 seed: [0.5 s, 7 min]
                 measure: wal_bytes
                 factor: 0.1
                 needs: a second version
                 version: 17
                 more: {cell: text+pk-later, step: [copy, primary_key]}
                 than: {cell: text+pk-now, step: copy, table: [nodes], version: 15}
             """)
            .claims()
            .get(0);
    assertThat(c.seedRatio()).isCloseTo(0.5 / 420, org.assertj.core.data.Offset.offset(1e-12));
    assertThat(c.relation()).isEqualTo(Relation.MORE);
    assertThat(c.factor()).isEqualTo(0.1);
    assertThat(c.needs()).isEqualTo("a second version");
    assertThat(c.measure()).isEqualTo("wal_bytes");
    assertThat(c.subject())
        .isEqualTo(
            new Side(
                "text+pk-later",
                "17",
                List.of("nodes", "ways"),
                List.of(StepKind.COPY, StepKind.PRIMARY_KEY)));
    assertThat(c.reference())
        .isEqualTo(new Side("text+pk-now", "15", List.of("nodes"), List.of(StepKind.COPY)));
  }

  /**
   * A claim naming cells without their settings profile is checked within each profile: one claim
   * per profile, each pairing the cells of that profile that agree on every other axis.
   */
  @Test
  void aClaimWithoutTheSettingsAxisIsOneClaimPerProfile() throws Exception {
    String head =
        """
        name: t
        dataset: {kind: osm-synthetic, tables: [ways], rows: {ways: 10}}
        servers: {versions: [17]}
        matrix:
          freeze: [false, true]
          settings: [defaults, osm2pgsql]
        steps: [create, copy]
        claims:
          - claim: FREEZE is faster
            source: "osm2pgsql issue #2110"
            step: copy
            less: {cell: freeze}
            than: {cell: no-freeze}
          - claim: the profile is faster
            source: own expectation
            step: copy
            less: {cell: no-freeze+osm2pgsql}
            than: {cell: no-freeze+defaults}
          - claim: FREEZE in each profile against the plain COPY at the defaults
            source: own expectation
            step: copy
            less: {cell: freeze}
            than: {cell: no-freeze+defaults}
        """;
    List<Claim> claims =
        ScenarioLoader.load(Files.writeString(dir.resolve("x.yaml"), head)).claims();
    assertThat(claims)
        .extracting(
            Claim::claim, c -> c.subject().cell(), c -> c.reference().cell(), Claim::settings)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(
                "FREEZE is faster", "freeze+defaults", "no-freeze+defaults", "defaults"),
            org.assertj.core.groups.Tuple.tuple(
                "FREEZE is faster", "freeze+osm2pgsql", "no-freeze+osm2pgsql", "osm2pgsql"),
            org.assertj.core.groups.Tuple.tuple(
                "the profile is faster", "no-freeze+osm2pgsql", "no-freeze+defaults", null),
            org.assertj.core.groups.Tuple.tuple(
                "FREEZE in each profile against the plain COPY at the defaults",
                "freeze+defaults",
                "no-freeze+defaults",
                "defaults"),
            org.assertj.core.groups.Tuple.tuple(
                "FREEZE in each profile against the plain COPY at the defaults",
                "freeze+osm2pgsql",
                "no-freeze+defaults",
                "osm2pgsql"));
    // a label that is no cell with or without its profile is refused as before
    assertThat(
            catchThrowableOfType(
                    ScenarioException.class,
                    () ->
                        ScenarioLoader.load(
                            Files.writeString(
                                dir.resolve("x.yaml"),
                                head.replace("{cell: freeze}", "{cell: frozen}"))))
                .getMessage())
        .contains("unknown cell 'frozen'");
  }

  /**
   * With a settings axis and a disk axis, a claim naming cells without either is checked under
   * every profile and limit, and one naming its profile (as claims did before the disk axis joined
   * the conditions) under every limit of that profile.
   */
  @Test
  void aClaimNamingItsProfileIsCheckedAtEveryDiskLimitOfIt() throws Exception {
    String yaml =
        """
        name: t
        dataset: {kind: osm-synthetic, tables: [ways], rows: {ways: 10}}
        servers: {versions: [17]}
        matrix:
          freeze: [false, true]
          settings: [defaults, osm2pgsql]
          disk: ["write=30MB/s", "write=10MB/s"]
        steps: [create, copy]
        claims:
          - claim: FREEZE is faster
            source: own expectation
            step: copy
            less: {cell: freeze}
            than: {cell: no-freeze}
          - claim: FREEZE is faster under the profile
            source: own expectation
            step: copy
            less: {cell: freeze+osm2pgsql}
            than: {cell: no-freeze+osm2pgsql}
        """;
    List<Claim> claims =
        ScenarioLoader.load(Files.writeString(dir.resolve("x.yaml"), yaml)).claims();
    assertThat(claims).hasSize(6);
    assertThat(claims.subList(4, 6))
        .extracting(c -> c.subject().cell(), c -> c.reference().cell(), Claim::disk)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(
                "freeze+osm2pgsql+disk-w30MBps", "no-freeze+osm2pgsql+disk-w30MBps", "write=30MB/s"),
            org.assertj.core.groups.Tuple.tuple(
                "freeze+osm2pgsql+disk-w10MBps",
                "no-freeze+osm2pgsql+disk-w10MBps",
                "write=10MB/s"));
  }

  @Test
  void everyMistakeIsOneLineAtItsLine() throws Exception {
    assertThat(error(GOOD.replace("binary+pk-now", "binary+pk-nw")))
        .isEqualTo(
            at(
                14,
                "claims[0].less.cell: unknown cell 'binary+pk-nw' (did you mean 'binary+pk-now'?);"
                    + " the scenario's cells: text+pk-now, text+pk-later, binary+pk-now,"
                    + " binary+pk-later"));
    assertThat(error(GOOD.replace("step: copy", "step: analyze")))
        .isEqualTo(
            at(
                12,
                "claims[0].step: unknown step 'analyze'; the scenario's steps: create, copy,"
                    + " primary_key, vacuum"));
    assertThat(error(GOOD.replace("table: ways", "table: rels")))
        .isEqualTo(
            at(13, "claims[0].table: unknown table 'rels'; the scenario's tables: nodes, ways"));
    assertThat(error(GOOD.replace("step: copy", "step: copy\n    version: 16")))
        .startsWith(at(13, "claims[0].version: unknown version '16'"))
        .endsWith("the scenario's versions: 15, 17");
    assertThat(error(GOOD.replace("step: copy", "step: copy\n    measure: minutes")))
        .isEqualTo(
            at(
                13,
                "claims[0].measure: unknown measure 'minutes'; the scenario's measures: seconds,"
                    + " wal_bytes, table_bytes, object_bytes, index_bytes"));
    assertThat(error(GOOD.replace("seed: [40 min, 57 min]", "seed: [40 min, 2 GB]")))
        .startsWith(at(11, "claims[0].seed: the two figures are of different kinds"));
    assertThat(error(GOOD.replace("seed: [40 min, 57 min]", "seed: [40 minutes, 57 min]")))
        .startsWith(at(11, "claims[0].seed[0]: '40 minutes' is not a figure"));
    assertThat(error(GOOD.replace("seed: [40 min, 57 min]", "seed: [40 min]")))
        .startsWith(at(11, "claims[0].seed: expected two figures"));
    assertThat(error(GOOD.replace("less:", "more: {cell: text+pk-now}\n    less:")))
        .startsWith(at(9, "claims[0]: both 'less' and 'more'"));
    assertThat(error(GOOD.replace("    less: {cell: binary+pk-now}\n", "")))
        .startsWith(at(9, "claims[0]: missing 'less' and 'more'"));
    assertThat(error(GOOD.replace("    than: {cell: text+pk-now}\n", "")))
        .startsWith(at(9, "missing 'claims[0].than'"));
    assertThat(error(GOOD.replace("    step: copy\n", "")))
        .startsWith(at(13, "claims[0].less: say which steps to compare"));
    assertThat(
            error(
                GOOD.replace(
                    "less: {cell: binary+pk-now}", "less: {cell: binary+pk-now, version: 15}")))
        .startsWith(at(9, "claims[0]: one side names a version, the other not"));
    assertThat(error(GOOD.replace("step: copy", "step: copy\n    factor: -1")))
        .isEqualTo(at(13, "claims[0].factor: '-1' is not a number > 0; e.g. factor: 0.1"));
    assertThat(error(GOOD.replace("source:", "sorce:")))
        .startsWith(at(10, "unknown key 'sorce' in claims[0] (did you mean 'source'?)"));
    assertThat(error(GOOD.replace("less: {cell: binary+pk-now}", "less: {cel: binary+pk-now}")))
        .startsWith(at(14, "unknown key 'cel' in claims[0].less (did you mean 'cell'?)"));
    // a side's misspelt step is named as such, not taken for a claim without steps
    String stepMisspelt =
        GOOD.replace("    step: copy\n", "")
            .replace("less: {cell: binary+pk-now}", "less: {cell: binary+pk-now, stpe: copy}");
    assertThat(error(stepMisspelt)).startsWith(at(13, "unknown key 'stpe' in claims[0].less"));
  }

  /**
   * A source's listed runs give the published ratio's uncertainty: 1.96 × √(Σ cv² / n). Runs of 9
   * and 11 s against a steady 20 s: cv √2 / 10, so 1.96 × √(0.02 / 2) = 0.196; twice as many runs
   * of the same spread narrow it. Without them, a single run's tolerance.
   */
  @Test
  void theRunsASourceListsGiveThePublishedRatiosUncertainty() throws Exception {
    String seed = "seed: [40 min, 57 min]";
    Claim two =
        load(GOOD.replace(seed, "seed: [10 s, 20 s]\n    seed_runs: [[9 s, 11 s], [20 s, 20 s]]"))
            .claims()
            .get(0);
    assertThat(two.seedSpread()).isCloseTo(0.196, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(two.seedUncertainty()).isEqualTo(two.seedSpread());
    Claim four =
        load(
                GOOD.replace(
                    seed,
                    "seed: [10 s, 20 s]\n    seed_runs: [[9 s, 11 s, 9 s, 11 s], [20 s, 20 s]]"))
            .claims()
            .get(0);
    assertThat(four.seedSpread()).isLessThan(two.seedSpread()).isGreaterThan(0);
    Claim single = load(GOOD).claims().get(0);
    assertThat(single.seedSpread()).isNull();
    assertThat(single.seedUncertainty()).isEqualTo(Claim.SINGLE_RUN_TOLERANCE);
  }

  @Test
  void runsWithoutTheirFiguresOrOfAnotherKindAreOneLineErrors() throws Exception {
    String seed = "seed: [40 min, 57 min]";
    assertThat(error(GOOD.replace(seed, "seed_runs: [[9 s, 11 s], [20 s, 21 s]]")))
        .startsWith(at(11, "claims[0].seed_runs: gives the source's runs without its figures"));
    assertThat(error(GOOD.replace(seed, seed + "\n    seed_runs: [[9 min], [20 min, 21 min]]")))
        .startsWith(at(12, "claims[0].seed_runs[0]: lists fewer than two runs"));
    assertThat(error(GOOD.replace(seed, seed + "\n    seed_runs: [[9 min, 1 GB], [20 min, 21 min]]")))
        .startsWith(at(12, "claims[0].seed_runs[0][1]: is not of the seed's kind"));
    assertThat(error(GOOD.replace(seed, seed + "\n    seed_runs: [[9 min, 10 min]]")))
        .startsWith(at(12, "claims[0].seed_runs: expected two lists of runs"));
  }
}
