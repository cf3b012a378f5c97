package org.pgloadbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.report.ReportText;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.scenario.ScenarioLoader;
import org.pgloadbench.server.Embedded;
import org.pgloadbench.server.WorkRoots;

/**
 * The osm2pgsql profile beside the defaults on a real server (issue 23): what its wal_level does to
 * COPY FREEZE, and a claim naming its cells without the profile checked within each profile.
 */
@Tag("server")
class Osm2pgsqlProfileRunTest {
  @TempDir static Path dir;
  static Path runDir;
  static List<StepResult> copies;

  /** 6 rounds: the fewest whose paired p (1/64) survives Holm's correction over two checks. */
  @BeforeAll
  static void run() throws Exception {
    Path file =
        Files.writeString(
            dir.resolve("osm2pgsql-profile.yaml"),
            """
            name: osm2pgsql-profile
            dataset: {kind: osm-synthetic, tables: [nodes], rows: {nodes: 80000}, seed: 3}
            servers: {versions: [17]}
            repeat: 6
            warmup: 0
            control: false
            matrix:
              freeze: [false, true]
              pk: [later]
              settings: [defaults, osm2pgsql]
            steps: [create, copy]
            claims:
              - claim: COPY FREEZE writes under a tenth of the WAL of a plain COPY
                source: own expectation
                measure: wal_bytes
                step: copy
                factor: 0.1
                less: {cell: freeze+pk-later}
                than: {cell: no-freeze+pk-later}
            """);
    Scenario scenario = ScenarioLoader.load(file);
    runDir = dir.resolve("results/run");
    ByteArrayOutputStream progress = new ByteArrayOutputStream();
    try (ResultStore store = ResultStore.create(runDir, scenario.axes())) {
      int failures =
          Runners.of(
                  scenario,
                  Embedded.target(WorkRoots.enterable(dir).resolve("servers")),
                  store,
                  Progress.lines(new PrintWriter(progress, true, StandardCharsets.UTF_8)),
                  "test-run")
              .run();
      assertThat(failures).as(progress.toString(StandardCharsets.UTF_8)).isZero();
    }
    copies =
        ResultStore.readSteps(runDir).stream()
            .filter(s -> s.step().yamlName().equals("copy") && s.repetition() >= 1)
            .toList();
  }

  /**
   * Under the osm2pgsql profile's wal_level minimal, the COPY FREEZE into the table its own
   * transaction created writes no row WAL (the table is synced at commit; it is above
   * wal_skip_threshold's 2 MB and has no index); the plain COPY, in a later transaction, writes it
   * all. At the defaults (wal_level replica) both write about the same.
   */
  @Test
  void underTheOsm2pgsqlProfileCopyFreezeWritesNextToNoWalAndAtTheDefaultsAsMuchAsACopy() {
    assertThat(copies).hasSize(24).allMatch(s -> s.ok() && s.measured().rows() == 80000);
    long defaultsPlain = wal("defaults", "false");
    long defaultsFreeze = wal("defaults", "true");
    long osm2pgsqlPlain = wal("osm2pgsql", "false");
    long osm2pgsqlFreeze = wal("osm2pgsql", "true");
    assertThat(defaultsPlain).isGreaterThan(1_000_000);
    assertThat(defaultsFreeze).isGreaterThan(defaultsPlain / 2);
    assertThat(osm2pgsqlPlain).isGreaterThan(defaultsPlain / 2);
    assertThat(osm2pgsqlFreeze).isLessThan(osm2pgsqlPlain / 100);
  }

  /** The claim is one row per profile, each saying its profile, each with its own verdict. */
  @Test
  void theClaimsTableSaysWhichProfileEachVerdictComesFrom() throws Exception {
    for (String report : List.of(ReportText.markdown(runDir), ReportText.comment(runDir))) {
      // the claim's words once, its checks a row each beneath, each naming its profile
      assertThat(report.split("COPY FREEZE writes under a tenth of the WAL", -1)).hasSize(2);
      assertThat(report).contains("1. **COPY FREEZE writes under a tenth of the WAL");
      List<String> rows = report.lines().filter(l -> l.startsWith("| 1 | ")).toList();
      assertThat(rows).as(report).hasSize(2);
      assertThat(report).contains("| claim | PostgreSQL | settings | measured ratio |");
      assertThat(rows.get(0)).contains("| 17.6 | defaults |").contains("**not held**");
      assertThat(rows.get(1)).contains("| 17.6 | osm2pgsql |").contains("**held**");
    }
  }

  /** The median WAL of a profile's plain or FREEZE COPY over the rounds. */
  private static long wal(String profile, String freeze) {
    long[] bytes =
        copies.stream()
            .filter(s -> s.axes().get("settings").equals(profile))
            .filter(s -> s.axes().get("freeze").equals(freeze))
            .mapToLong(s -> s.measured().walBytes())
            .sorted()
            .toArray();
    assertThat(bytes).as(profile + " freeze " + freeze).hasSize(6);
    return bytes[bytes.length / 2];
  }
}
