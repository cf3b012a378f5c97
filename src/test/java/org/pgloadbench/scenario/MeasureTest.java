package org.pgloadbench.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code measure: instructions} and INSTRUCTIONS=1: where they may run, and their one round. */
class MeasureTest {
  @TempDir Path dir;

  private Scenario load(String extra) throws Exception {
    return ScenarioLoader.load(
        Files.writeString(
            dir.resolve("s.yaml"),
            """
            name: s
            dataset: {kind: osm-synthetic, tables: [ways], rows: {ways: 100}}
            servers: {versions: [17]}
            repeat: 10
            warmup: 1
            steps: [create, copy]
            """
                + extra));
  }

  @Test
  void countedInstructionsSayTheyOverrideTheScenariosRepeat() throws Exception {
    String file = dir.resolve("s.yaml").toString();
    Scenario byKey = load("measure: instructions\n").withOverrides(Overrides.NONE);
    assertThat(byKey.repeat()).isEqualTo(1);
    assertThat(byKey.notes())
        .containsExactly(
            file
                + ":4: repeat: 10 gives way to one round: measure: instructions counts each step's"
                + " instructions, the same from load to load to a few in a million; REPEAT=10 runs"
                + " 10 rounds anyway");
    Scenario byFlag = load("").withOverrides(Overrides.NONE.with(Overrides.INSTRUCTIONS, true));
    assertThat(byFlag.notes()).singleElement().asString().contains("one round: INSTRUCTIONS=1");
    // REPEAT= decides the rounds: nothing gives way; nor does the default of one round
    Overrides counted =
        Overrides.NONE.with(Overrides.INSTRUCTIONS, true).with(Overrides.REPEAT, 3);
    assertThat(load("").withOverrides(counted).notes()).isEmpty();
    Files.writeString(
        dir.resolve("s.yaml"),
        Files.readString(dir.resolve("s.yaml")).replace("repeat: 10\n", ""));
    assertThat(
            ScenarioLoader.load(dir.resolve("s.yaml"))
                .withOverrides(Overrides.NONE.with(Overrides.INSTRUCTIONS, true))
                .notes())
        .isEmpty();
  }

  @Test
  void timeUnlessTheScenarioOrTheCommandLineSaysInstructions() throws Exception {
    Scenario timed = load("");
    assertThat(timed.measure()).isEqualTo(Measure.TIME);
    assertThat(timed.withOverrides(Overrides.NONE).repeat()).isEqualTo(10);
    Scenario counted = timed.withOverrides(Overrides.NONE.with(Overrides.INSTRUCTIONS, true));
    assertThat(counted.measure()).isEqualTo(Measure.INSTRUCTIONS);
    assertThat(load("measure: instructions\n").measure()).isEqualTo(Measure.INSTRUCTIONS);
    // INSTRUCTIONS=0 measures time alone, whatever the file says
    assertThat(
            load("measure: instructions\n")
                .withOverrides(Overrides.NONE.with(Overrides.INSTRUCTIONS, false))
                .measure())
        .isEqualTo(Measure.TIME);
  }

  @Test
  void aCountIsTheSameEveryRoundSoOneRoundWithoutWarmUpUnlessAsked() throws Exception {
    Scenario counted = load("measure: instructions\n").withOverrides(Overrides.NONE);
    assertThat(counted.repeat()).isEqualTo(1);
    assertThat(counted.warmup()).isZero();
    Scenario asked =
        load("measure: instructions\n")
            .withOverrides(Overrides.NONE.with(Overrides.REPEAT, 3).with(Overrides.WARMUP, 1));
    assertThat(asked.repeat()).isEqualTo(3);
    assertThat(asked.warmup()).isEqualTo(1);
  }

  @Test
  void containersAndUrlsAreRefusedInOneLine() throws Exception {
    Scenario timed = load("");
    assertThatThrownBy(
            () ->
                timed.withOverrides(
                    Overrides.NONE
                        .with(Overrides.INSTRUCTIONS, true)
                        .with(Overrides.TARGET, "container")))
        .isInstanceOf(ScenarioException.class)
        .hasMessage(
            "INSTRUCTIONS=1: instructions are counted on servers the harness starts itself; a"
                + " container's runs beyond valgrind's reach: use the embedded or a local target");
    assertThatThrownBy(
            () ->
                timed.withOverrides(
                    Overrides.NONE
                        .with(Overrides.INSTRUCTIONS, true)
                        .with(Overrides.TARGET, "postgresql://me@db.example/x")))
        .hasMessageContaining("a URL's server runs beyond valgrind's reach")
        .hasMessageNotContaining("\n");
    for (String bad :
        new String[] {
          "Measure-instructionsOnlyWhereTheHarnessStartsTheServer-1.yaml",
          "Measure-instructionsOrTime-1.yaml"
        }) {
      Path file = BadScenariosTest.CORPUS.resolve(bad);
      assertThatThrownBy(() -> ScenarioLoader.load(file))
          .hasMessage(file + ":" + Files.readAllLines(file).get(0).replaceFirst("^[^:]*: ", ""));
    }
  }
}
