package org.pgloadbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.run.Plan;
import org.pgloadbench.scenario.Overrides;
import org.pgloadbench.scenario.ScenarioException;
import org.pgloadbench.scenario.ScenarioLoader;
import org.pgloadbench.server.PostgresServer;
import org.pgloadbench.server.ServerException;
import org.pgloadbench.server.ServerStart;
import org.pgloadbench.server.ServerTarget;

/**
 * What plan prints; a mistake only a target can see is reported at the scenario's field, like the
 * loader's own.
 */
class PlanTest {
  @TempDir Path dir;

  @Test
  void aTargetNamesTheFieldItsMistakeIsIn() throws Exception {
    Path file = Files.writeString(dir.resolve("x.yaml"), MainTest.SMALL);
    var scenario = ScenarioLoader.load(file);
    assertThatThrownBy(
            () ->
                PlanText.describe(
                    scenario,
                    Plan.of(scenario, null),
                    refusing(new ServerException("gone", "image"))))
        .isInstanceOf(ScenarioException.class)
        .hasMessage(file + ":3: servers.image: gone");
    assertThatThrownBy(
            () ->
                PlanText.describe(
                    scenario, Plan.of(scenario, null), refusing(new ServerException("too old"))))
        .isInstanceOf(ScenarioException.class)
        .hasMessage(file + ":3: servers.versions[0]: too old");
  }

  @Test
  void countedInstructionsAreSaidAndSoIsTheRepeatTheyOverride() throws Exception {
    Path file =
        Files.writeString(
            dir.resolve("x.yaml"),
            MainTest.SMALL.replace("repeat: 1\n", "repeat: 10\nmeasure: instructions\n"));
    var scenario = ScenarioLoader.load(file).withOverrides(Overrides.NONE);
    String shown = PlanText.describe(scenario, Plan.of(scenario, null), refusing(null));
    assertThat(shown.lines())
        .contains(
            "  measure   time and instructions: each step's instructions counted, the servers"
                + " under valgrind (many times slower); one round, no warm-up, unless REPEAT= and"
                + " WARMUP= say otherwise")
        .contains(
            "  warning   "
                + file
                + ":4: repeat: 10 gives way to one round: measure: instructions counts each step's"
                + " instructions, the same from load to load to a few in a million; REPEAT=10 runs"
                + " 10 rounds anyway")
        .anyMatch(l -> l.contains(" 1 round(s)"));
    var timed =
        ScenarioLoader.load(file)
            .withOverrides(Overrides.NONE.with(Overrides.INSTRUCTIONS, false));
    assertThat(PlanText.describe(timed, Plan.of(timed, null), refusing(null)))
        .doesNotContain("measure ")
        .doesNotContain("gives way");
  }

  @Test
  void aSharedScenarioWithARedundantExcludeIsPlannedWithAWarning() throws Exception {
    Path shared =
        Path.of("src/test/resources/org/pgloadbench/scenario/shared/redundant-exclude.yaml");
    StringWriter out = new StringWriter();
    int code =
        Main.run(
            new PrintWriter(out), new PrintWriter(new StringWriter()), "plan", shared.toString());
    assertThat(code).isEqualTo(ExitCode.OK);
    assertThat(out.toString().lines().filter(l -> l.startsWith("  warning ")))
        .containsExactly(
            "  warning   "
                + shared
                + ":13: exclude[0]: names batch_size with loader copy, whose cells have none (COPY"
                + " streams every row in one statement); it drops no cell; remove batch_size from"
                + " the entry");
    assertThat(out.toString().lines().filter(l -> l.startsWith("    ")).count()).isEqualTo(11);
  }

  @Test
  void planShowsWhereAxesCollapsed() throws Exception {
    Path file =
        Files.writeString(
            dir.resolve("loaders.yaml"),
            """
            name: loaders
            dataset: {kind: int-arrays, rows: 1000, elements: 10}
            servers: {versions: [17]}
            matrix:
              loader: [copy, insert, batch]
              batch_size: [100, 1000]
              commit_every: [1000, all]
            steps: [create, copy]
            """);
    StringWriter out = new StringWriter();
    int code =
        Main.run(
            new PrintWriter(out), new PrintWriter(new StringWriter()), "plan", file.toString());
    assertThat(code).isEqualTo(ExitCode.OK);
    assertThat(out.toString().lines().filter(l -> l.startsWith("    ")))
        .containsExactly(
            "    copy                          create, copy  (no batch_size, commit_every: not for"
                + " loader copy)",
            "    insert+commit-1000            create, copy  (no batch_size: not for loader"
                + " insert)",
            "    insert+commit-all             create, copy  (no batch_size: not for loader"
                + " insert)",
            "    batch+batch-100+commit-1000   create, copy",
            "    batch+batch-100+commit-all    create, copy",
            "    batch+batch-1000+commit-1000  create, copy",
            "    batch+batch-1000+commit-all   create, copy");
  }

  @Test
  void planWarnsWhenTheRoundsCanDecideNoClaim() {
    StringWriter out = new StringWriter();
    String[] plan = {"plan", "ways-binary-freeze", "--pg", "15,16,17", "--repeat", "8"};
    Main.run(new PrintWriter(out), new PrintWriter(new StringWriter()), plan);
    // 7 claims on 3 versions: 21 one-sided tests, Holm-corrected; 21 / 2^8 > 0.05
    assertThat(out.toString())
        .contains("claims    7 (21 tests over the servers, Holm-corrected together)")
        .contains("Run at least 9 rounds (REPEAT=9)");

    StringWriter enough = new StringWriter();
    plan[plan.length - 1] = "9";
    Main.run(new PrintWriter(enough), new PrintWriter(new StringWriter()), plan);
    assertThat(enough.toString()).doesNotContain("warning");
  }

  @Test
  void planEstimatesTheTimeFromStoredRunsOrSaysThereAreNone() throws Exception {
    // the shipped scenario keeps its control, whose estimate from the base server is checked too
    String[] args = {
      "plan",
      "ways-binary-freeze",
      "--pg",
      "16,17",
      "--scale",
      "0.08",
      "--repeat",
      "3",
      "--warmup",
      "0",
      "--results"
    };
    // 4,000 rows, as the stored run loaded; its 4 rounds are 2 starts of each server (restart:
    // auto), the second start 0.726 s each as the run's spread time says: 33.8 s + 3 x 0.726 s
    String stored = plan(args, StoredRunsTest.STORED.resolve("results").toString());
    assertThat(stored.lines().filter(l -> l.contains("estimate") || l.startsWith("    ")))
        .contains(
            "  estimate  about 35.9 s from the first server's start to the last load (the report"
                + " after it aside), from stored run 20261130-195048 of ways-binary-freeze",
            "    PostgreSQL 16-control never ran here: as on PostgreSQL 16");
    assertThat(stored)
        .containsPattern(
            "\\n    PostgreSQL 16 +\\d.* = start .* \\+ 12 loads: steps .*, outside them")
        .containsPattern("\\n    total +35.9 s\\n");

    String none = plan(args, dir.toString());
    assertThat(none)
        .endsWith(
            "  estimate  none: no stored run of ways-binary-freeze in "
                + dir.resolve("ways-binary-freeze")
                + " to estimate from\n");
  }

  private static String plan(String[] args, String results) {
    String[] all = java.util.Arrays.copyOf(args, args.length + 1);
    all[args.length] = results;
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    assertThat(Main.run(new PrintWriter(out), new PrintWriter(err), all))
        .as(err.toString())
        .isEqualTo(ExitCode.OK);
    return out.toString();
  }

  /** A target that refuses every version with {@code e} (null: none); it never starts anything. */
  private static ServerTarget refusing(ServerException e) {
    return new ServerTarget() {
      @Override
      public PostgresServer start(ServerStart start) {
        throw new AssertionError("nothing starts while planning");
      }

      @Override
      public String resolve(String requested) throws ServerException {
        if (e != null) {
          throw e;
        }
        return requested;
      }
    };
  }
}
