package org.pgloadbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/**
 * What overhead cannot honour is refused in one line before anything starts, rather than read and
 * dropped on its way to the run: its servers run uncapped, unthrottled and uncounted, for a fixed
 * number of rounds.
 */
class OverheadOverridesTest {
  @Test
  void aCapADiskLimitABudgetCountingOrAutoRoundsAreRefusedNamingEach() {
    StringWriter err = new StringWriter();
    int code =
        Main.run(
            new PrintWriter(new StringWriter()),
            new PrintWriter(err),
            "overhead",
            "middle-pk-freeze",
            "--memory",
            "1GB",
            "--disk",
            "gp3",
            "--budget",
            "5m",
            "--instructions",
            "--repeat",
            "auto");
    assertThat(code).isEqualTo(ExitCode.USAGE);
    assertThat(err.toString().lines().findFirst().orElseThrow())
        .startsWith(
            "pgloadbench: overhead takes none of MEMORY=, DISK=, BUDGET=, INSTRUCTIONS=1,"
                + " REPEAT=auto: its servers run uncapped");
  }

  @Test
  void numbersOfRoundsAndTheRestPass() throws Exception {
    assertThat(
            OverheadCommand.unusedOverrides(
                org.pgloadbench.scenario.Overrides.NONE
                    .with(org.pgloadbench.scenario.Overrides.REPEAT, 3)
                    .with(org.pgloadbench.scenario.Overrides.WARMUP, 0)))
        .isNull();
  }
}
