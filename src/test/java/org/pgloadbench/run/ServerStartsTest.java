package org.pgloadbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.results.StoredRun;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.scenario.ScenarioLoader;
import org.pgloadbench.server.Embedded;
import org.pgloadbench.server.EmbeddedTarget;
import org.pgloadbench.server.PostgresServer;
import org.pgloadbench.server.ServerException;
import org.pgloadbench.server.ServerStart;
import org.pgloadbench.server.ServerTarget;
import org.pgloadbench.server.WorkRoots;

/** A run that starts its servers afresh every round: each start its own, a failed one stored. */
@Tag("server")
class ServerStartsTest {
  @TempDir Path dir;

  @Test
  void everyRoundStartsEveryServerAfreshAndAFailedStartIsStoredAndTheRunGoesOn() throws Exception {
    Scenario scenario =
        ScenarioLoader.load(
            Files.writeString(
                dir.resolve("starts.yaml"),
                """
                name: starts
                dataset: {kind: osm-synthetic, tables: [ways], rows: {ways: 2000}, seed: 7}
                servers: {versions: [16, 17]}
                control: false
                repeat: 4
                warmup: 1
                restart: 1
                steps: [create, copy]
                """));
    // the embedded target, but 17's third start (before round 3) fails
    EmbeddedTarget embedded = Embedded.target(WorkRoots.enterable(dir).resolve("servers"));
    List<String> dataDirs = new ArrayList<>();
    List<Integer> pads = new ArrayList<>();
    ServerTarget target =
        new ServerTarget() {
          private int startsOf17;

          @Override
          public PostgresServer start(ServerStart start) throws ServerException {
            if (start.version().equals("17") && ++startsOf17 == 3) {
              throw new ServerException("the third start of 17 failed, as the test asked");
            }
            PostgresServer server = embedded.start(start);
            try (Connection c = server.connect(PostgresServer.MAINTENANCE_DATABASE);
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SHOW data_directory")) {
              rs.next();
              dataDirs.add(rs.getString(1));
              pads.add(layoutPad(Path.of(rs.getString(1))));
            } catch (java.sql.SQLException | java.io.IOException e) {
              throw new ServerException(e.getMessage(), e);
            }
            return server;
          }

          @Override
          public String resolve(String requested) throws ServerException {
            return embedded.resolve(requested);
          }

          @Override
          public void keepClusters() {
            embedded.keepClusters();
          }

          @Override
          public void releaseClusters() {
            embedded.releaseClusters();
          }
        };
    Path runDir = dir.resolve("results/starts/20261202-000000");
    ByteArrayOutputStream progress = new ByteArrayOutputStream();
    int failures;
    try (ResultStore store = ResultStore.create(runDir, scenario.axes())) {
      failures =
          Runners.of(
                  scenario,
                  target,
                  store,
                  Progress.lines(new PrintWriter(progress, true, StandardCharsets.UTF_8)),
                  "test-run")
              .run();
    }

    // 16 started 4 times, 17 three (its third failed), each in a data directory of its own
    assertThat(dataDirs).hasSize(7).doesNotHaveDuplicates();
    // and an environment of its own length: the postmaster's layout is drawn anew at each start
    assertThat(pads).hasSize(7).allMatch(length -> length >= 0);
    assertThat(new java.util.HashSet<>(pads)).hasSizeGreaterThan(1);
    assertThat(failures).isEqualTo(1);
    List<StepResult> steps = ResultStore.readSteps(runDir);
    assertThat(steps)
        .filteredOn(s -> s.step() == StepKind.SERVER)
        .singleElement()
        .satisfies(
            failed -> {
              assertThat(failed.server()).startsWith("17");
              assertThat(failed.error()).contains("the third start of 17 failed");
            });
    // 17 missed round 3 alone, and came back at the next start
    assertThat(rounds(steps, "16")).containsExactly(1, 2, 3, 4);
    assertThat(rounds(steps, "17")).containsExactly(1, 2, 4);
    RunManifest manifest = StoredRun.load(runDir).manifest();
    assertThat(manifest.startRounds()).containsExactly(2, 3, 4);
    Map<String, Integer> starts = new java.util.TreeMap<>();
    Map<String, Integer> warmups = new java.util.TreeMap<>();
    manifest
        .outsideSteps()
        .forEach(
            (label, outside) -> {
              starts.put(label.substring(0, 2), outside.starts());
              warmups.put(label.substring(0, 2), outside.warmups());
            });
    assertThat(starts).containsExactly(Map.entry("16", 4), Map.entry("17", 3));
    assertThat(warmups).containsExactly(Map.entry("16", 4), Map.entry("17", 3));
    // the copies of the initdb'd cluster are gone with the servers
    try (var left = Files.list(dir.resolve("servers"))) {
      assertThat(left.toList()).isEmpty();
    }
  }

  /** The length of the layout pad in the environment of the postmaster of {@code data}. */
  private static int layoutPad(Path data) throws java.io.IOException {
    String pid = Files.readAllLines(data.resolve("postmaster.pid")).get(0).strip();
    for (String entry : Files.readString(Path.of("/proc", pid, "environ")).split("\0")) {
      if (entry.startsWith("LOADBENCH_LAYOUT_PAD=")) {
        return entry.length() - "LOADBENCH_LAYOUT_PAD=".length();
      }
    }
    return -1;
  }

  private static List<Integer> rounds(List<StepResult> steps, String major) {
    return steps.stream()
        .filter(s -> s.ok() && s.step() == StepKind.COPY && s.server().startsWith(major))
        .map(StepResult::repetition)
        .distinct()
        .sorted()
        .toList();
  }
}
