package org.pgloadbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.pgloadbench.scenario.Overrides;
import picocli.CommandLine;

/** The command line's flags, as make passes them (blank when unset), read into one Overrides. */
class ScenarioArgsTest {
  /** The flags as picocli sets them on a command that mixes them in, as bench and plan do. */
  private static Overrides given(String... flags) throws Exception {
    ScenarioArgs args = new ScenarioArgs();
    new CommandLine(args).parseArgs(flags);
    return args.overrides();
  }

  @Test
  void parsesMakeVariables() throws Exception {
    // a number of rounds turns repeat: auto off
    assertThat(given("s", "--pg", "15, 17", "--scale", "0.25", "--repeat", "5", "--warmup", "0"))
        .isEqualTo(
            new Overrides(
                List.of("15", "17"), 0.25, 5, 0, null, null, null, null, null, false, null, null,
                null));
    assertThat(given("s", "--repeat", "auto", "--budget", "90s"))
        .isEqualTo(Overrides.NONE.with(Overrides.AUTO, true).with(Overrides.BUDGET_SECONDS, 90L));
    assertThat(given("s", "--instructions").instructions()).isTrue();
    assertThatThrownBy(() -> given("s", "--budget", "soon"))
        .hasMessage("BUDGET=soon: give a time per server, e.g. BUDGET=10m (or 90s, 1h)");
    // make passes every variable, blank when unset: blank keeps the scenario's
    assertThat(
            given(
                "s", "--pg", "", "--scale", "", "--repeat", " ", "--warmup", "", "--data", "",
                "--target", "", "--builds", "", "--image", "", "--memory", "", "--budget", "",
                "--disk", ""))
        .isEqualTo(Overrides.NONE);

    assertThatThrownBy(() -> given("s", "--pg", "16,x"))
        .hasMessage("PG=16,x: 'x' is not a PostgreSQL version (expected e.g. 17 or 15,17)");
    assertThatThrownBy(() -> given("s", "--pg", "16,"))
        .hasMessage("PG=16,: '' is not a PostgreSQL version (expected e.g. 17 or 15,17)");
    assertThatThrownBy(() -> given("s", "--scale", "big"))
        .hasMessage("SCALE=big: must be a number > 0");
    assertThatThrownBy(() -> given("s", "--scale", "0"))
        .hasMessage("SCALE=0: must be a number > 0");
    assertThatThrownBy(() -> given("s", "--repeat", "2.5"))
        .hasMessage("REPEAT=2.5: must be a whole number >= 1, or auto");
    assertThatThrownBy(() -> given("s", "--warmup", "none"))
        .hasMessage("WARMUP=none: must be a whole number >= 0");
  }

  @Test
  void everyFlagReachesItsField() throws Exception {
    Overrides o =
        given(
            "s", "--pg", "17", "--scale", "2", "--repeat", "3", "--warmup", "1", "--target",
            " container ", "--image", "my/pg:17", "--memory", "1GB", "--budget", "10m", "--disk",
            "gp3", "--instructions");
    assertThat(o)
        .isEqualTo(
            new Overrides(
                List.of("17"), 2.0, 3, 1, null, "container", null, "my/pg:17", "1GB", false, 600L,
                "gp3", true));
    assertThat(given("s", "--builds", "patch=/b, head=/a").builds())
        .containsExactly(Map.entry("patch", "/b"), Map.entry("head", "/a"));
  }

  @Test
  void buildsNeedALabelAndABinDir() {
    assertThatThrownBy(() -> given("s", "--builds", "head"))
        .hasMessageStartingWith("BUILDS=head: give each build as label=<bin dir>");
    assertThatThrownBy(() -> given("s", "--builds", "head=/a,head=/b"))
        .hasMessage("BUILDS=head=/a,head=/b: 'head' is given twice");
  }
}
