package org.pgloadbench.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.scenario.ScenarioException;
import org.pgloadbench.scenario.ScenarioLoader;

/** SHARD=i/n: which server starts each shard runs, its control, and the group they share. */
class ShardTest {
  @TempDir Path dir;

  /** Versions × two settings profiles. */
  private Scenario scenario(String versions, String more) throws Exception {
    return ScenarioLoader.load(
        Files.writeString(
            dir.resolve("shard.yaml"),
            "name: shard\n"
                + "dataset: {kind: osm-synthetic, tables: [ways], rows: {ways: 100}}\n"
                + "servers: {versions: ["
                + versions
                + "]}\nrepeat: 4\nwarmup: 0\n"
                + "matrix:\n  format: [text, binary]\n  settings: [defaults, bulk-load]\n"
                + more
                + "steps: [create, copy]\n"));
  }

  private static List<String> labels(Plan plan) {
    return plan.servers().stream()
        .map(s -> s.label() + "/" + s.profile().profileName())
        .toList();
  }

  @Test
  void eachShardRunsItsContiguousPartWithAControlOfItsOwn() throws Exception {
    Scenario scenario = scenario("14, 15, 16, 17", "");
    Shard first = Shard.of("1/3", null, scenario, null);
    Shard second = Shard.of("2/3", null, scenario, null);
    Shard third = Shard.of("3/3", null, scenario, null);
    // 8 starts in 3 parts: 2, 3, 3; the base (14, the first) is in shard 1, whose control is its
    // twin; the others' controls are their first server's twins
    assertThat(labels(Plan.of(scenario, null, first)))
        .containsExactly("14/defaults", "14/bulk-load", "14-control/defaults");
    assertThat(labels(Plan.of(scenario, null, second)))
        .containsExactly("15/defaults", "15/bulk-load", "16/defaults", "15-control/defaults");
    assertThat(labels(Plan.of(scenario, null, third)))
        .containsExactly("16/bulk-load", "17/defaults", "17/bulk-load", "16-control/bulk-load");
    // BASE_PG=16: its shard's control is the base's twin, the report compares with it
    Plan withBase = Plan.of(scenario, "16", Shard.of("2/3", null, scenario, "16"));
    assertThat(labels(withBase)).last().isEqualTo("16-control/defaults");
    assertThat(withBase.base("16")).isEqualTo("16");
    assertThat(Plan.of(scenario, "16", Shard.of("3/3", null, scenario, "16")).base("16"))
        .isEqualTo("16");
    assertThat(Plan.of(scenario, "16", Shard.of("1/3", null, scenario, "16")).base("16"))
        .isEqualTo("14");
    // the shards together run every server start of the whole plan once
    List<String> whole = labels(Plan.of(scenario, null)).stream()
        .filter(l -> !l.contains("-control"))
        .toList();
    assertThat(
            List.of(first, second, third).stream()
                .flatMap(s -> labels(Plan.of(scenario, null, s)).stream())
                .filter(l -> !l.contains("-control")))
        .containsExactlyElementsOf(whole);
    // a shard of one server keeps its control: the A/A yardstick of that machine
    assertThat(labels(Plan.of(scenario, null, Shard.of("8/8", null, scenario, null))))
        .containsExactly("17/bulk-load", "17-control/bulk-load");
    assertThat(labels(Plan.of(scenario("14, 15, 16, 17", "control: false\n"), null, third)))
        .containsExactly("16/bulk-load", "17/defaults", "17/bulk-load");
  }

  @Test
  void theShardsOfOnePlanShareOneGroupThatGroupOrAnOverrideChanges() throws Exception {
    Scenario scenario = scenario("16, 17", "");
    Shard first = Shard.of("1/2", "", scenario, null);
    Shard second = Shard.of("2/2", null, scenario, null);
    assertThat(first.group()).matches("[0-9a-f]{12}").isEqualTo(second.group());
    assertThat(Shard.of("1/2", null, scenario.withRepeat(5), null).group())
        .isNotEqualTo(first.group());
    assertThat(Shard.of("1/2", null, scenario, "17").group()).isNotEqualTo(first.group());
    assertThat(Shard.of(" 2 / 2 ", "run-42", scenario, null))
        .isEqualTo(new Shard(2, 2, "run-42"));
    assertThat(Shard.of("", null, scenario, null)).isNull();
  }

  @Test
  void aShardNotOfThePlanIsRefusedInOneLineNamingShard() throws Exception {
    Scenario scenario = scenario("16, 17", "");
    for (String text : List.of("5/4", "0/4", "x", "2", "1/0", "-1/2")) {
      assertThatThrownBy(() -> Shard.of(text, null, scenario, null))
          .isInstanceOf(ScenarioException.class)
          .hasMessage("SHARD=" + text + ": give SHARD=i/n with 1 <= i <= n, e.g. SHARD=2/4 for the"
              + " second of four shards");
    }
    // 2 versions × 2 profiles: 4 starts, so at most 4 shards
    assertThatThrownBy(() -> Shard.of("1/5", null, scenario, null))
        .hasMessage(
            "SHARD=1/5: the plan has 4 server start(s), so at most 4 shards, each with one at"
                + " least; give SHARD=i/4 or fewer");
    assertThatThrownBy(() -> Shard.of(null, "run-1", scenario, null))
        .hasMessage("GROUP=run-1: names the shards of a plan; give SHARD=i/n with it");
    assertThatThrownBy(() -> Shard.of("1/2", "../up", scenario, null))
        .hasMessageStartingWith("GROUP=../up: give up to 80 letters");
  }

  @Test
  void aStoredRunIsResumedOnlyAsTheShardItWas() throws Exception {
    RunManifest shard =
        new RunManifest(
            "1", null, null, null, null, null, null, null, null, "g1", 2, 4);
    Shard.resumes(shard, new Shard(2, 4, "g1"), "results/x/1");
    Shard.resumes(RunManifest.NONE, null, "results/x/1");
    assertThatThrownBy(() -> Shard.resumes(shard, null, "results/x/1"))
        .hasMessage(
            "RESUME=results/x/1: the stored run is shard 2/4 of group g1, this one the whole"
                + " plan; resume it with the SHARD= and GROUP= it was started with");
    assertThatThrownBy(() -> Shard.resumes(shard, new Shard(3, 4, "g1"), "results/x/1"))
        .isInstanceOf(ScenarioException.class);
  }
}
