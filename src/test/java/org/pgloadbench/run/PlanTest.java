package org.pgloadbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.analysis.StartVariance;
import org.pgloadbench.analysis.StartsDesign;
import org.pgloadbench.results.OutsideSteps;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.results.StoredRun;
import org.pgloadbench.results.TestSteps;
import org.pgloadbench.scenario.Restarts;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.scenario.ScenarioLoader;
import org.pgloadbench.variant.ServerVariant;

/** The schedule of a run: servers up front, every server-cell pair once a round, order rotating. */
class PlanTest {
  @TempDir Path dir;

  private Scenario scenario(String servers, String more) throws Exception {
    return ScenarioLoader.load(
        Files.writeString(
            dir.resolve("plan.yaml"),
            "name: plan\n"
                + "dataset: {kind: osm-synthetic, tables: [ways], rows: {ways: 100}}\n"
                + "servers: "
                + servers
                + "\nrepeat: 4\nwarmup: 1\n"
                + "matrix:\n  format: [text, binary]\n  freeze: [false, true]\n"
                + more
                + "steps: [create, copy]\n"));
  }

  @Test
  void cellsWithOneDiskLimitWrittenThreeWaysShareOneServerStart() throws Exception {
    Scenario scenario =
        ScenarioLoader.load(
            Files.writeString(
                dir.resolve("disk.yaml"),
                """
                name: disk
                dataset: {kind: osm-synthetic, tables: [ways], rows: {ways: 100}}
                servers: {versions: [17]}
                cells:
                  a: {format: text, disk: "read=60MB/s,write=30MB/s"}
                  b: {format: binary, disk: "write=30MB/s,read=60MB/s"}
                  c: {format: binary, freeze: true, disk: "read=60000kB/s,write=30000kB/s"}
                steps: [create, copy]
                """));
    Plan plan = Plan.of(scenario, null);
    assertThat(plan.servers())
        .singleElement()
        .extracting(s -> s.disk().text())
        .isEqualTo("read=60MB/s,write=30MB/s");
    assertThat(plan.cells(plan.servers().get(0))).hasSize(3);
  }

  @Test
  void serversStartAfreshAsRestartSays() throws Exception {
    // one server: nothing a start could bias, so auto never restarts it
    assertThat(Plan.of(scenario("{versions: [17]}", ""), null).restartEvery()).isZero();
    assertThat(Plan.of(scenario("{versions: [16, 17]}", "restart: never\n"), null).restartEvery())
        .isZero();
    Plan everyThird = Plan.of(scenario("{versions: [16, 17]}", "restart: 3\n"), null);
    assertThat(everyThird.restartEvery()).isEqualTo(3);
    assertThat(everyThird.restartsBefore(1)).isFalse();
    assertThat(everyThird.restartsBefore(3)).isFalse();
    assertThat(everyThird.restartsBefore(4)).isTrue();
    assertThat(everyThird.starts(4)).isEqualTo(2);
    assertThat(everyThird.warmupLoads()).isEqualTo(3 * 2);
  }

  @Test
  void everyRoundLoadsEveryCellOnEveryServerOnceInARotatingOrder() throws Exception {
    Plan plan = Plan.of(scenario("{versions: [16, 17]}", ""), null);
    assertThat(plan.servers())
        .extracting(Plan.Server::requested, Plan.Server::control)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("16", false),
            org.assertj.core.groups.Tuple.tuple("17", false),
            org.assertj.core.groups.Tuple.tuple("16", true));
    assertThat(plan.measuredLoads()).isEqualTo(3 * 4 * 4);
    // restart: auto starts each server afresh every 2 of the 4 rounds, each start warmed up
    assertThat(plan.restartEvery()).isEqualTo(2);
    assertThat(plan.warmupLoads()).isEqualTo(3 * 2);

    List<String> firsts = new java.util.ArrayList<>();
    for (int round = 1; round <= plan.repeat(); round++) {
      List<Plan.Load> loads = plan.round(round);
      Set<String> pairs = new HashSet<>();
      for (Plan.Load load : loads) {
        assertThat(load.round()).isEqualTo(round);
        assertThat(pairs.add(load.server() + "/" + load.cell().label())).isTrue();
      }
      assertThat(pairs).hasSize(3 * 4);
      // a cell's loads on its three servers come one after another, the pair seconds apart
      for (int i = 0; i < loads.size(); i += 3) {
        assertThat(loads.subList(i, i + 3))
            .extracting(l -> l.cell().label())
            .containsOnly(loads.get(i).cell().label());
      }
      firsts.add(loads.get(0).server().requested() + " " + loads.get(0).cell().label());
    }
    // round 1 in the scenario's order; each later one starts with another cell and server
    assertThat(firsts.get(0)).isEqualTo("16 text+no-freeze");
    assertThat(new HashSet<>(firsts)).hasSize(plan.repeat());
  }

  @Test
  void oneServerHasNoControlAndAScenarioMaySayNone() throws Exception {
    assertThat(Plan.of(scenario("{versions: [17]}", ""), null).hasControl()).isFalse();
    assertThat(Plan.of(scenario("{versions: [16, 17]}", "control: false\n"), null).hasControl())
        .isFalse();
    // the control is the base's twin
    Plan plan = Plan.of(scenario("{versions: [16, 17]}", ""), "17");
    assertThat(plan.servers().get(2))
        .isEqualTo(new Plan.Server(
                "17", new ServerVariant(plan.servers().get(1).profile(), 0, List.of()), true));
  }

  @Test
  void aClaimComparesServersWhenItsSidesNameTwoVersionsOrTwoServersCells() throws Exception {
    String claim =
        "claims:\n  - claim: binary first\n    source: own\n    step: copy\n"
            + "    less: %s\n    than: %s\n";
    String versions = "{versions: [16, 17]}";
    // two cells of one server: paired within its rounds
    assertThat(
            Plan.claimsCompareServers(
                scenario(versions, claim.formatted("{cell: binary+freeze}", "{cell: text+freeze}"))))
        .isFalse();
    // one cell on two versions
    assertThat(
            Plan.claimsCompareServers(
                scenario(
                    versions,
                    claim.formatted(
                        "{cell: binary+freeze, version: 17}", "{cell: binary+freeze, version: 16}"))))
        .isTrue();
    // two settings profiles are two server starts
    assertThat(
            Plan.claimsCompareServers(
                scenario(
                    versions,
                    "  settings: [defaults, bulk-load]\n"
                        + claim.formatted(
                            "{cell: binary+freeze+bulk-load}", "{cell: binary+freeze+defaults}"))))
        .isTrue();
  }

  @Test
  void theShippedScenariosWhoseClaimsStayOnOneServerAreTheOnesReproduceRunsWithoutAControl()
      throws Exception {
    Map<String, Boolean> crossing = new LinkedHashMap<>();
    for (String name :
        List.of("ways-unlogged", "middle-vacuum-freeze", "bulk-settings", "gist-build-versions")) {
      crossing.put(
          name,
          Plan.claimsCompareServers(ScenarioLoader.load(Path.of("scenarios", name + ".yaml"))));
    }
    // two profiles are two servers: the bulk-load settings against the defaults cross them
    assertThat(crossing)
        .containsExactly(
            Map.entry("ways-unlogged", false),
            Map.entry("middle-vacuum-freeze", false),
            Map.entry("bulk-settings", true),
            Map.entry("gist-build-versions", true));
  }

  @Test
  void restartAutoTakesItsRoundsPerStartFromTheNewestStoredRunThatFoundADesign() throws Exception {
    Scenario auto = scenario("{versions: [16, 17]}", "");
    Plan plan = Plan.of(auto, null);
    // starts dear (20 s each), rounds cheap, the control's rounds spread ±5% and its starts not
    // at all: more rounds per start reach a difference soonest
    StoredRun dear = storedRun("20261202-000002", 20);
    StartVariance.Design design = StartsDesign.of(dear).fastest();
    assertThat(design.roundsPerStart()).isGreaterThan(Restarts.AUTO_EVERY);
    // a run of one start tells nothing of starts: the newest that does decides
    StoredRun once = StoredRun.of(Path.of("20261202-000003"), RunManifest.NONE, List.of());
    Plan chosen = plan.restartingAsStored(auto, () -> List.of(once, dear));
    assertThat(chosen.restartEvery()).isEqualTo(design.roundsPerStart());
    assertThat(chosen.restartFrom()).isEqualTo("20261202-000002");
    // cheap starts would take one round each, but auto keeps two: the next run measures both
    // spreads again
    StoredRun cheap = storedRun("20261202-000001", 0.01);
    assertThat(StartsDesign.of(cheap).fastest().roundsPerStart()).isEqualTo(1);
    assertThat(plan.restartingAsStored(auto, () -> List.of(cheap)).restartEvery())
        .isEqualTo(Restarts.AUTO_EVERY);
    // a number of rounds per start is the scenario's own: the stored runs are not even read
    Plan fixed = Plan.of(scenario("{versions: [16, 17]}", "restart: 3\n"), null);
    assertThat(
            fixed.restartingAsStored(
                scenario("{versions: [16, 17]}", "restart: 3\n"),
                () -> {
                  throw new AssertionError("read");
                }))
        .isEqualTo(fixed);
  }

  /**
   * Ten rounds on 16, its control and 17, every server started afresh every 2 rounds, each start
   * costing {@code startSeconds} per server: the control 5% slower in odd rounds and 5% faster in
   * even ones, so every start's mean is the base's.
   */
  private static StoredRun storedRun(String id, double startSeconds) {
    List<StepResult> steps = new ArrayList<>();
    Map<String, OutsideSteps> outside = new LinkedHashMap<>();
    for (String server : List.of("16.10", "16.10-control", "17.6")) {
      for (int round = 1; round <= 10; round++) {
        double seconds =
            server.endsWith("-control") ? (round % 2 == 1 ? 1.05 : 0.95) : 1.0;
        steps.add(TestSteps.ok(server, "c", Map.of(), round, "t", "copy", seconds, 10L));
      }
      OutsideSteps o = OutsideSteps.NONE;
      for (int start = 0; start < 5; start++) {
        o = o.started(startSeconds);
      }
      outside.put(server, o);
    }
    RunManifest manifest =
        new RunManifest(
            id, null, null, List.of(), null, RunManifest.ROUNDS, null, outside, List.of(3, 5, 7, 9), null, null, null);
    return StoredRun.of(Path.of(id), manifest, steps);
  }
}
