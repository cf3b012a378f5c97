package org.pgloadbench.estimate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.run.Plan;
import org.pgloadbench.scenario.Overrides;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.scenario.ScenarioException;
import org.pgloadbench.scenario.ScenarioLoader;

/**
 * Estimates from the stored runs of real small runs (ways-binary-freeze at 4,000 rows, PostgreSQL
 * 16 and 17, 3 rounds, no warm-up; the newer one, 20261130-195048, ran 22 s by its run.json, its
 * steps 3.13 s of it, and its harness did not yet time the rest apart).
 */
class EstimateTest {
  static final Path STORED = Path.of("src/test/resources/org/pgloadbench/stored/results");
  static final String NEWER = "20261130-195048";

  @TempDir Path dir;

  @Test
  void thePlanAStoredRunRanIsEstimatedAtThatRunsTime() throws Exception {
    Scenario scenario = waysBinaryFreeze("16,17", "0.02");
    Estimate estimate =
        Estimate.of(scenario, withoutControl(scenario), History.of(STORED, scenario));

    assertThat(estimate.none()).isNull();
    assertThat(estimate.runs()).containsExactly(NEWER);
    // its steps as stored, and the rest of its span spread over its 2 starts and 24 loads
    assertThat(estimate.seconds()).isCloseTo(22.0, within(0.01));
    assertThat(estimate.outside().recorded()).isFalse();
    assertThat(estimate.outside().startSeconds())
        .isCloseTo((22.0 - 3.132068678) / 26, within(1e-6));
    assertThat(estimate.servers())
        .extracting(Estimate.ServerTime::server, Estimate.ServerTime::loads)
        .containsExactly(tuple("16", 12), tuple("17", 12));
    assertThat(estimate.notes()).isEmpty();
    assertThat(estimate.timeline()).hasSize(1 + 24);
    assertThat(estimate.timeline()[24]).isCloseTo(estimate.seconds(), within(1e-9));
  }

  @Test
  void aControlAndAVersionNeverRunAreEstimatedFromTheNearest() throws Exception {
    Scenario scenario = waysBinaryFreeze("16,17,18", "0.02");
    Estimate estimate =
        Estimate.of(scenario, Plan.of(scenario, null), History.of(STORED, scenario));

    assertThat(estimate.servers())
        .extracting(Estimate.ServerTime::server)
        .containsExactly("16", "17", "18", "16-control");
    assertThat(estimate.notes())
        .containsExactly(
            "PostgreSQL 18 never ran here: as on PostgreSQL 17",
            "PostgreSQL 16-control never ran here: as on PostgreSQL 16");
    assertThat(estimate.servers().get(2).loadSeconds())
        .isEqualTo(estimate.servers().get(1).loadSeconds());
  }

  @Test
  void aCellNeverRunIsEstimatedFromTheNearestAndOneLikeNoneIsUnknown() throws Exception {
    Scenario pkNow = edited("  pk: [later]", "  pk: [later, now]");
    Estimate estimate = Estimate.of(pkNow, Plan.of(pkNow, null), History.of(STORED, pkNow));
    assertThat(estimate.notes())
        .contains(
            "cell text+no-freeze+pk-now never ran on PostgreSQL 16: as cell"
                + " text+no-freeze+pk-later");
    assertThat(estimate.unknownLoads()).isZero();

    Scenario insert =
        edited(
            "matrix:\n  format: [text, binary]\n  freeze: [false, true]\n  pk: [later]",
            "matrix:\n  loader: [insert]");
    Estimate none = Estimate.of(insert, Plan.of(insert, null), History.of(STORED, insert));
    assertThat(none.none()).isNull();
    assertThat(none.servers()).allMatch(s -> s.unknown().equals(List.of("insert")));
    assertThat(none.unknownLoads()).isEqualTo(3 * 3);
  }

  @Test
  void loadTimesScaleLinearlyByRowsFromOneScale() throws Exception {
    Scenario same = waysBinaryFreeze("16,17", "0.02");
    Scenario twice = waysBinaryFreeze("16,17", "0.04");
    Estimate at4000 = Estimate.of(same, withoutControl(same), History.of(STORED, same));
    Estimate at8000 = Estimate.of(twice, withoutControl(twice), History.of(STORED, twice));

    for (int i = 0; i < 2; i++) {
      Estimate.ServerTime before = at4000.servers().get(i);
      Estimate.ServerTime after = at8000.servers().get(i);
      assertThat(after.loadSeconds()).isCloseTo(2 * before.loadSeconds(), within(1e-9));
      // a server's start and a load's fresh database do not grow with the rows
      assertThat(after.startSeconds()).isEqualTo(before.startSeconds());
      assertThat(after.setupSeconds()).isEqualTo(before.setupSeconds());
    }
    assertThat(at8000.notes())
        .containsExactly(
            "load times scaled linearly by rows, from 4,000 rows stored to 8,000 planned");
  }

  @Test
  void loadTimesFollowTheSlopeFittedOverSeveralScales() throws Exception {
    // the stored run, and the same at twice the rows taking 2^0.8 times as long
    Path results = dir.resolve("results/ways-binary-freeze");
    copy(STORED.resolve("ways-binary-freeze").resolve(NEWER), results.resolve(NEWER), 1, 1);
    copy(
        STORED.resolve("ways-binary-freeze").resolve(NEWER),
        results.resolve("20261130-200000"),
        2,
        Math.pow(2, 0.8));
    Scenario stored = waysBinaryFreeze("16,17", "0.02");
    Scenario fourTimes = waysBinaryFreeze("16,17", "0.08");
    Estimate at4000 = Estimate.of(stored, withoutControl(stored), History.of(STORED, stored));
    Estimate at16000 =
        Estimate.of(
            fourTimes, withoutControl(fourTimes), History.of(dir.resolve("results"), fourTimes));

    assertThat(at16000.servers().get(0).loadSeconds())
        .isCloseTo(at4000.servers().get(0).loadSeconds() * Math.pow(4, 0.8), within(1e-6));
    assertThat(at16000.notes())
        .containsExactly(
            "load times scaled to 16,000 rows planned along the log-log slope 0.80 (time against"
                + " rows, 1 for linear) fitted over 4,000 and 8,000 rows stored");
  }

  @Test
  void nothingToEstimateFromIsSaid() throws Exception {
    Scenario scenario = waysBinaryFreeze("16,17", "0.02");
    assertThat(History.of(dir, scenario).none())
        .isEqualTo(
            "no stored run of ways-binary-freeze in "
                + dir.resolve("ways-binary-freeze")
                + " to estimate from");

    Scenario otherSeed = edited("  seed: 42", "  seed: 43");
    assertThat(History.of(STORED, otherSeed).none())
        .isEqualTo(
            "2 stored run(s) of ways-binary-freeze in "
                + STORED.resolve("ways-binary-freeze")
                + ", none to estimate from: 2 of another dataset (its rows aside), 0 with other"
                + " steps, the rest without a measured step");
    Estimate none = Estimate.of(otherSeed, Plan.of(otherSeed, null), History.of(STORED, otherSeed));
    assertThat(none.servers()).isEmpty();
    assertThat(none.timeline()).isEmpty();
  }

  static Scenario waysBinaryFreeze(String pg, String scale) throws ScenarioException {
    try {
      Path temp = Files.createTempDirectory("estimate");
      Path file = Files.writeString(temp.resolve("ways-binary-freeze.yaml"), asStored());
      try {
        return ScenarioLoader.load(file).withOverrides(Overrides.NONE
                    .with(Overrides.VERSIONS, List.of(pg.split(",")))
                    .with(Overrides.SCALE, Double.valueOf(scale))
                    .with(Overrides.REPEAT, 3)
                    .with(Overrides.WARMUP, 0));
      } finally {
        Files.delete(file);
        Files.delete(temp);
      }
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /**
   * The shipped scenario as the stored runs ran it: at 200,000 rows (4,000 at their scale of
   * 0.02), as it was before it compared three versions at 50,000 (issue 33).
   */
  static String asStored() throws IOException {
    String yaml = Files.readString(Path.of("scenarios/ways-binary-freeze.yaml"));
    String rows = "  rows: {ways: 50000}\n";
    assertThat(yaml).contains(rows);
    return yaml.replace(rows, "  rows: {ways: 200000}\n");
  }

  static Plan withoutControl(Scenario scenario) {
    Plan plan = Plan.of(scenario, null);
    List<Plan.Server> servers = new ArrayList<>(plan.servers());
    servers.removeIf(Plan.Server::control);
    return new Plan(servers, plan.cells(), plan.repeat(), plan.warmup());
  }

  /** The shipped scenario with one part replaced, at the stored runs' rows, versions, rounds. */
  private Scenario edited(String part, String by) throws IOException, ScenarioException {
    String yaml = asStored();
    assertThat(yaml).contains(part);
    Path file = dir.resolve("ways-binary-freeze.yaml");
    Files.writeString(file, yaml.replace(part, by).replaceAll("(?s)\nclaims:.*", "\n"));
    return ScenarioLoader.load(file).withOverrides(Overrides.NONE
                .with(Overrides.VERSIONS, List.of("16", "17"))
                .with(Overrides.SCALE, 0.02)
                .with(Overrides.REPEAT, 3)
                .with(Overrides.WARMUP, 0));
  }

  /** A stored run copied with its rows and every step's time multiplied. */
  private static void copy(Path from, Path to, long rows, double time) throws IOException {
    ObjectMapper json = new ObjectMapper();
    Files.createDirectories(to);
    ObjectNode run = (ObjectNode) json.readTree(from.resolve(ResultStore.RUN).toFile());
    ObjectNode tables = (ObjectNode) run.at("/scenario/dataset/rows");
    List<String> names = new ArrayList<>();
    tables.fieldNames().forEachRemaining(names::add);
    names.forEach(t -> tables.put(t, tables.get(t).asLong() * rows));
    json.writeValue(to.resolve(ResultStore.RUN).toFile(), run);
    List<String> steps = new ArrayList<>();
    try (Stream<String> lines = Files.lines(from.resolve(ResultStore.STEPS))) {
      for (String line : lines.toList()) {
        ObjectNode step = (ObjectNode) json.readTree(line);
        step.put("seconds", step.get("seconds").asDouble() * time);
        steps.add(json.writeValueAsString(step));
      }
    }
    Files.write(to.resolve(ResultStore.STEPS), steps);
  }
}
