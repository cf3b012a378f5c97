package org.pgloadbench.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.pgloadbench.analysis.Comparison;
import org.pgloadbench.analysis.Looks;
import org.pgloadbench.analysis.SignedRank;
import org.pgloadbench.copy.CopyFormat;
import org.pgloadbench.dataset.IntArrayDataset;
import org.pgloadbench.dataset.OsmPbfDataset;
import org.pgloadbench.dataset.PgbenchDataset;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.variant.SettingsProfile;
import org.pgloadbench.variant.WaysIndex;

/** The scenarios under {@code scenarios/} load, and the new axes read as their cells say. */
class ShippedScenariosTest {
  static final Path SCENARIOS = Path.of("scenarios");

  @Test
  void everyShippedScenarioLoadsAndEndsEachTableWithACheckpoint() throws Exception {
    assertThat(ScenarioFiles.available(SCENARIOS)).contains("ways-unlogged", "middle-indexes");
    for (String name : ScenarioFiles.available(SCENARIOS)) {
      Scenario s = ScenarioLoader.load(ScenarioFiles.resolve(name, SCENARIOS));
      if (s.dataset() instanceof PgbenchDataset.Spec) {
        continue; // pgbench-init does what pgbench -i does: no checkpoint, the server's defaults
      }
      assertThat(s.steps().stream().map(StepKind::yamlName)).as(name).endsWith("checkpoint");
      assertThat(s.settings()).as(name).containsEntry("autovacuum", "off");
    }
  }

  @Test
  void waysUnloggedComparesBothHalvesWithAndWithoutFreeze() throws Exception {
    Scenario s = ScenarioLoader.load(SCENARIOS.resolve("ways-unlogged.yaml"));
    assertThat(s.cells())
        .extracting(Cell::label)
        .containsExactly(
            "logged+no-freeze", "logged+freeze", "unlogged+no-freeze", "unlogged+freeze");
    assertThat(s.cells().get(3).variant())
        .isEqualTo(
            Axis.variant(Map.of())
                .with("freeze", true)
                .with("unlogged", true)
                .with("settings", SettingsProfile.OSM2PGSQL));
    assertThat(s.steps().stream().map(StepKind::yamlName)).contains("set_logged");
    assertThat(rounds(s)).isGreaterThanOrEqualTo(3);
  }

  @Test
  void middleIndexesCrossesIndexTimingWithTheWaysIndex() throws Exception {
    Scenario s = ScenarioLoader.load(SCENARIOS.resolve("middle-indexes.yaml"));
    assertThat(s.cells())
        .extracting(Cell::label)
        .containsExactly(
            "idx-later+ways-bucket",
            "idx-later+ways-full",
            "idx-now+ways-bucket",
            "idx-now+ways-full");
    assertThat(s.cells().get(3).axes()).isEqualTo(Map.of("indexes", "now", "ways_index", "full"));
    assertThat(s.cells().get(3).variant())
        .isEqualTo(Axis.variant(Map.of()).with("indexes", true).with("ways_index", WaysIndex.FULL));
    assertThat(s.steps().stream().map(StepKind::yamlName)).contains("indexes");
    assertThat(rounds(s)).isGreaterThanOrEqualTo(3);
    assertThat(s.settings()).containsKey("maintenance_work_mem");
  }

  @Test
  void osmRealComparesOsm2pgsqlsWayWithTheBestInBothMiddleFormatsOnTheShippedFile()
      throws Exception {
    Scenario s = ScenarioLoader.load(SCENARIOS.resolve("osm-real.yaml"));
    assertThat(s.dataset()).isInstanceOf(OsmPbfDataset.Spec.class);
    assertThat(((OsmPbfDataset.Spec) s.dataset()).file())
        .isRegularFile()
        .hasFileName("andorra-2023-07-12.osm.pbf");
    assertThat(s.dataset().tables()).containsExactly("nodes", "ways", "rels");
    assertThat(s.cells())
        .extracting(Cell::label)
        .containsExactly(
            "osm2pgsql-new",
            "osm2pgsql-legacy",
            "freeze-new",
            "freeze-legacy",
            "best-new",
            "best-legacy");
    assertThat(s.cells().get(0).variant().format()).isEqualTo(CopyFormat.TEXT);
    assertThat(s.cells().get(0).variant().primaryKeyLater()).isFalse();
    // the COPY FREEZE + add PK in text, as it measured, beside the best in binary
    assertThat(s.cells().get(2).variant().format()).isEqualTo(CopyFormat.TEXT);
    assertThat(s.cells().get(2).variant().freeze()).isTrue();
    assertThat(s.cells().get(5).variant().format()).isEqualTo(CopyFormat.BINARY);
    assertThat(s.cells().get(5).variant().freeze()).isTrue();
    assertThat(s.cells().get(5).variant().primaryKeyLater()).isTrue();
    assertThat(s.claims()).hasSize(3);
    assertThat(s.steps().stream().map(StepKind::yamlName)).contains("analyze", "indexes");
    assertThat(rounds(s)).isGreaterThanOrEqualTo(3);
  }

  @Test
  void pgbenchBuildsComparesTheBuildsTheCommandLineGivesAtTheThreadsScale() throws Exception {
    Scenario s = ScenarioLoader.load(SCENARIOS.resolve("pgbench-builds.yaml"));
    assertThat(s.servers().target()).isEqualTo(ServersSpec.LOCAL);
    assertThat(s.servers().versions()).containsExactly("head", "patch");
    assertThat(((PgbenchDataset.Spec) s.dataset()).scale()).isGreaterThanOrEqualTo(10);
    // the thread's v21 against HEAD, and its v20's regression in client-side generate and in all
    assertThat(s.claims())
        .hasSize(3)
        .allSatisfy(c -> assertThat(c.subject().version()).isEqualTo("patch"))
        .allSatisfy(c -> assertThat(c.reference().version()).isEqualTo("head"));
    assertThat(s.claims().get(1).subject().steps()).containsExactly(StepKind.COPY);
    assertThat(s.claims().get(2).subject().steps()).isEqualTo(s.claims().get(0).subject().steps());
    assertThat(s.claims().get(2).seedRatio()).isCloseTo(1.31, within(0.005));
    Scenario given =
        s.withOverrides(
            Overrides.NONE.with(Overrides.BUILDS, 
                ServersTargetTest.builds(
                    "head", "/opt/pg-head/bin", "patch", "/opt/pg-patch/bin")));
    assertThat(given.servers().builds())
        .containsExactly(
            Map.entry("head", "/opt/pg-head/bin"), Map.entry("patch", "/opt/pg-patch/bin"));
    // pgbench-init runs at the same scale, where generate is not lost in pgbench's 10 ms clock
    assertThat(ScenarioLoader.load(SCENARIOS.resolve("pgbench-init.yaml")).dataset().rows())
        .isEqualTo(s.dataset().rows());
  }

  @Test
  void theNewExperimentsLoadAsTheirSourcesRanThem() throws Exception {
    Scenario freeze = ScenarioLoader.load(SCENARIOS.resolve("middle-vacuum-freeze.yaml"));
    assertThat(freeze.steps()).contains(StepKind.VACUUM_FREEZE).doesNotContain(StepKind.VACUUM);
    assertThat(freeze.cells()).extracting(c -> c.variant().freeze()).containsExactly(false, true);
    for (String shape : List.of("gin-identical-wide", "gin-identical-narrow")) {
      Scenario s = ScenarioLoader.load(SCENARIOS.resolve(shape + ".yaml"));
      assertThat(((IntArrayDataset.Spec) s.dataset()).distribution())
          .as(shape)
          .isEqualTo(IntArrayDataset.Distribution.IDENTICAL);
      assertThat(s.cells())
          .as(shape)
          .filteredOn(c -> c.variant().fastupdate() && c.variant().indexesNow())
          .extracting(c -> c.variant().ginPendingListLimitKb())
          .containsExactly(1024, 1024 * 1024);
      assertThat(s.steps()).as(shape).contains(StepKind.VACUUM_ANALYZE, StepKind.INDEXES);
    }
    // the thread's HEAD in the narrow shape: the index present and no pending list (in the wide
    // shape such a load takes ten times a pending-list one, and is left out)
    assertThat(ScenarioLoader.load(SCENARIOS.resolve("gin-identical-narrow.yaml")).cells())
        .filteredOn(c -> c.label().equals("fastupdate-off"))
        .singleElement()
        .satisfies(c -> assertThat(c.variant().fastupdate()).isFalse())
        .satisfies(c -> assertThat(c.variant().indexesNow()).isTrue());
    List<Cell> gin = ScenarioLoader.load(SCENARIOS.resolve("gin-fastupdate.yaml")).cells();
    assertThat(gin).extracting(Cell::label).contains("fastupdate-on-1MB", "fastupdate-on-1GB");
    // Teodor Sigaev's fastupdate on: his work_mem of 16 MB bounded the pending list before 9.5
    assertThat(gin)
        .filteredOn(c -> c.label().equals("fastupdate-on-16MB"))
        .singleElement()
        .satisfies(c -> assertThat(c.variant().ginPendingListLimitKb()).isEqualTo(16 * 1024));
  }

  /**
   * Holm's correction multiplies the smallest p of a claims table by its size, and n paired rounds
   * give a one-sided p of 1 / 2^n at best: a scenario with a fixed repeat whose table is too large
   * for it could call no claim held, or not held, however clear the difference.
   */
  @Test
  void everyClaimsTableCanReachAVerdictInItsRounds() throws Exception {
    for (String name : ScenarioFiles.available(SCENARIOS)) {
      Scenario s = ScenarioLoader.load(ScenarioFiles.resolve(name, SCENARIOS));
      // a sweep of disks is read for its claims' sizes over the disks (intervals, no Holm); its
      // direction verdicts would need ten rounds, which its plan's warning says
      boolean sweep = s.claims().stream().anyMatch(c -> c.disk() != null);
      if (s.claims().isEmpty() || s.stopping().auto() || sweep) {
        continue;
      }
      int versions = s.servers().versions().size();
      int tests =
          s.claims().stream().mapToInt(c -> c.subject().version() != null ? 1 : versions).sum();
      assertThat(tests * SignedRank.smallestOneSidedP(s.repeat()))
          .as(name + ": " + tests + " claim tests in " + s.repeat() + " rounds")
          .isLessThanOrEqualTo(Comparison.ALPHA);
    }
  }

  @Test
  void scenariosStatingClaimsRepeatEnoughForAVerdict() throws Exception {
    assertThat(ScenarioFiles.available(SCENARIOS))
        .contains("ways-binary-freeze", "middle-pk-freeze", "ways-parallel-copy", "bulk-settings");
    for (String name : ScenarioFiles.available(SCENARIOS)) {
      Scenario s = ScenarioLoader.load(ScenarioFiles.resolve(name, SCENARIOS));
      if (!s.claims().isEmpty()) {
        assertThat(rounds(s)).as(name).isGreaterThanOrEqualTo(3);
      }
    }
    assertThat(ScenarioLoader.load(SCENARIOS.resolve("middle-pk-freeze.yaml")).claims())
        .extracting(Claim::seed)
        .contains("263 min vs 322 min", "204 min vs 322 min", "237 min vs 322 min");
    assertThat(ScenarioLoader.load(SCENARIOS.resolve("bulk-settings.yaml")).cells())
        .extracting(c -> c.variant().settings())
        .contains(SettingsProfile.DEFAULTS, SettingsProfile.BULK_LOAD);
  }

  /**
   * The fewest rounds a scenario runs: its repeat, or with {@code repeat: auto} the rounds before
   * the first look, at which a verdict is within reach ({@link Looks#minimumRounds}).
   */
  private static int rounds(Scenario s) {
    return s.stopping().auto()
        ? Looks.minimumRounds(s.cells().size() - 1, s.claims().size())
        : s.repeat();
  }
}
