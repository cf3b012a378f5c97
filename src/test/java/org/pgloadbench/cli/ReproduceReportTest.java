package org.pgloadbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.run.Bench;
import org.pgloadbench.scenario.Overrides;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.scenario.ScenarioLoader;

/**
 * The combined report of {@code reproduce}, from scenarios' reports as they were written: the
 * scenarios that ran without their control are named once, those that kept it are not, and one
 * run on fewer versions than its own says so in its row.
 */
class ReproduceReportTest {
  @TempDir Path dir;

  @Test
  void namesOnlyTheScenariosThatRanWithoutTheirControl() throws Exception {
    Path report =
        Files.writeString(
            dir.resolve("report.md"),
            "# x\n\n## Claims\n\n| claim | verdict |\n|---|---|\n| a < b | **held** |\n\nHow.\n");
    List<ReproduceCommand.Done> done =
        List.of(
            new ReproduceCommand.Done(
                scenario("kept"), bench(report), 1, List.of(), false, List.of()),
            new ReproduceCommand.Done(
                scenario("left.out"), bench(report), 1, List.of(), true, List.of()),
            new ReproduceCommand.Done(
                scenario("fewer")
                    .withOverrides(Overrides.NONE.with(Overrides.VERSIONS, List.of("16"))),
                bench(report),
                1,
                List.of(),
                false,
                List.of("16", "17")));

    String md = ReproduceCommand.render(done, 2, dir, "");

    assertThat(md)
        .contains("| fewer (on PostgreSQL 16 alone of its 16, 17: reproduce_versions) |")
        .contains("| kept |")
        .containsOnlyOnce("Run without their control server")
        .contains("`make bench` keeps it): left.out.\n")
        .contains("## kept\n")
        .contains("## left.out\n");
  }

  private Scenario scenario(String name) throws Exception {
    return ScenarioLoader.load(
        Files.writeString(
            dir.resolve(name + ".yaml"),
            "name: "
                + name
                + "\ndataset: {kind: osm-synthetic, tables: [ways], rows: {ways: 200}}\n"
                + "servers: {versions: [16, 17]}\nsteps: [create, copy]\n"));
  }

  private static Bench.Done bench(Path report) {
    return new Bench.Done(null, report, 0, false);
  }
}
