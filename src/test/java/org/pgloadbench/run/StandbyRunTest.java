package org.pgloadbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.scenario.Cell;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.scenario.ScenarioLoader;
import org.pgloadbench.server.Embedded;
import org.pgloadbench.server.PostgresServer;
import org.pgloadbench.server.Processes;
import org.pgloadbench.server.ServerStart;
import org.pgloadbench.server.Standby;
import org.pgloadbench.server.WorkRoots;
import org.pgloadbench.variant.ServerVariant;
import org.pgloadbench.variant.SettingsProfile;

/**
 * Loads on servers with a standby: the standby holds the primary's rows after every load, each step
 * records the standby's lag (and a sync standby's commit waits), and a standby killed during a load
 * fails that load's step with the cause while the run goes on, leaving no process behind.
 */
@Tag("server")
class StandbyRunTest {
  @TempDir Path dir;

  @Test
  void theStandbyHoldsThePrimarysRowsAfterEveryLoad() throws Exception {
    Scenario scenario =
        scenario(
            """
            name: standby-rows
            dataset: {kind: osm-synthetic, tables: [nodes, ways, rels],
                      rows: {nodes: 20000, ways: 2000, rels: 50}}
            servers: {versions: [17], standby: async}
            settings: {autovacuum: off}
            matrix:
              freeze: [false, true]
              unlogged: [false, true]
            exclude:
              - {freeze: true, unlogged: true}
            steps: [create, copy, set_logged, vacuum, checkpoint]
            """);
    Load load =
        new Load(
            scenario,
            scenario.dataset().open(null, note -> {}),
            "rows",
            (server, what) -> {},
            (server, what) -> {},
            Progress.lines(new PrintWriter(new StringWriter())));
    try (PostgresServer server =
        Embedded.target(WorkRoots.enterable(dir).resolve("servers"))
            .start(
                new ServerStart(
                    "17",
                    scenario.settings(),
                    new ServerVariant(
                        SettingsProfile.DEFAULTS,
                        0,
                        List.of(scenario.cells().get(0).variant().standby()))))) {
      Standby standby = server.standby().orElseThrow();
      for (Cell cell : scenario.cells()) {
        List<StepResult> steps = load.run(server, "17", cell, 1);
        assertThat(steps).allMatch(StepResult::ok);
        assertThat(steps)
            .allMatch(s -> s.measured().standbyLagBytes() >= 0)
            .allMatch(s -> s.measured().syncWaitSeconds() == null);
        // an unlogged table ships nothing until SET LOGGED writes it whole
        long copyWal = wal(steps, "ways", StepKind.COPY);
        if (cell.variant().unlogged()) {
          assertThat(copyWal).isLessThan(10_000);
          assertThat(wal(steps, "ways", StepKind.SET_LOGGED)).isGreaterThan(200_000);
        } else {
          assertThat(copyWal).isGreaterThan(200_000);
        }
        awaitReplay(server, standby);
        for (String table : List.of("planet_osm_nodes", "planet_osm_ways", "planet_osm_rels")) {
          assertThat(count(standby.connect(server.loadDatabase()), table))
              .as(cell.label() + " " + table)
              .isEqualTo(count(server.connect(server.loadDatabase()), table))
              .isPositive();
        }
      }
    }
  }

  @Test
  void aStandbyKilledDuringALoadFailsThatLoadAndTheRunGoesOn() throws Exception {
    Scenario scenario =
        scenario(
            """
            name: standby-crash
            dataset: {kind: osm-synthetic, tables: [nodes], rows: {nodes: 400000}}
            servers: {versions: [17], standby: sync}
            warmup: 0
            repeat: 2
            steps: [create, copy, analyze]
            """);
    Path runDir = dir.resolve("results/standby-crash/run");
    Path servers = WorkRoots.enterable(dir).resolve("servers");
    ByteArrayOutputStream progress = new ByteArrayOutputStream();
    // a sync standby killed in the middle of a COPY: without the harness, its commit would wait
    CompletableFuture<Long> killed =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return killStandbyDuringCopy(servers);
              } catch (Exception e) {
                throw new IllegalStateException(e);
              }
            });
    int failures;
    try (ResultStore store = ResultStore.create(runDir, scenario.axes())) {
      failures =
          new Runner(
                  scenario,
                  scenario.dataset().open(null, note -> {}),
                  Embedded.target(servers),
                  store,
                  Progress.lines(new PrintWriter(progress, true, StandardCharsets.UTF_8)),
                  "crash-run")
              .run();
    }
    long standby = killed.get(10, TimeUnit.SECONDS);

    List<StepResult> steps = ResultStore.readSteps(runDir);
    assertThat(failures).isEqualTo(1);
    StepResult failed = steps.stream().filter(s -> !s.ok()).findFirst().orElseThrow();
    assertThat(failed.step()).isEqualTo(StepKind.COPY);
    assertThat(failed.repetition()).isEqualTo(1);
    assertThat(failed.error()).startsWith("the standby went down during this step");
    // the standby came back and the second round loaded with it, its commits waiting for it
    assertThat(steps)
        .filteredOn(s -> s.repetition() == 2)
        .hasSize(3)
        .allMatch(StepResult::ok)
        .allMatch(s -> s.measured().syncWaitSeconds() != null);
    assertThat(progress.toString(StandardCharsets.UTF_8))
        .contains("the standby went down; bringing it back");

    assertThat(Processes.isRunning(standby)).isFalse();
    try (Stream<Path> left = Files.list(servers)) {
      assertThat(left).isEmpty();
    }
  }

  private Scenario scenario(String yaml) throws Exception {
    return ScenarioLoader.load(Files.writeString(dir.resolve("scenario.yaml"), yaml));
  }

  private static long wal(List<StepResult> steps, String table, StepKind step) {
    return steps.stream()
        .filter(s -> s.table().endsWith(table) && s.step() == step)
        .mapToLong(s -> s.measured().walBytes())
        .sum();
  }

  private static long count(Connection c, String table) throws SQLException {
    try (c;
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT count(*) FROM " + table)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  /** Until the standby has replayed all the primary wrote (within 60 s). */
  private static void awaitReplay(PostgresServer server, Standby standby) throws Exception {
    try (Connection p = server.connect(PostgresServer.MAINTENANCE_DATABASE);
        Connection s = standby.connect(PostgresServer.MAINTENANCE_DATABASE);
        Statement ps = p.createStatement();
        Statement ss = s.createStatement()) {
      String written = text(ps, "SELECT pg_current_wal_lsn()::text");
      for (int i = 0; i < 600; i++) {
        if (text(ss, "SELECT pg_last_wal_replay_lsn() >= '" + written + "'::pg_lsn").equals("t")) {
          return;
        }
        Thread.sleep(100);
      }
      throw new AssertionError("the standby did not catch up");
    }
  }

  private static String text(Statement s, String sql) throws SQLException {
    try (ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getString(1);
    }
  }

  /** Waits for a backend running COPY on the primary, then kills the standby's postmaster. */
  private static long killStandbyDuringCopy(Path servers) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (System.nanoTime() < deadline) {
      Optional<Long> primary = postmaster(servers, false);
      Optional<Long> standby = postmaster(servers, true);
      if (primary.isPresent() && standby.isPresent() && copying(primary.get())) {
        ProcessHandle.of(standby.get()).orElseThrow().destroyForcibly();
        return standby.get();
      }
      Thread.sleep(10);
    }
    throw new IllegalStateException("no COPY seen to interrupt");
  }

  private static Optional<Long> postmaster(Path servers, boolean standby) throws Exception {
    if (!Files.isDirectory(servers)) {
      return Optional.empty();
    }
    try (Stream<Path> dirs = Files.list(servers)) {
      for (Path d : dirs.toList()) {
        if (d.getFileName().toString().contains("-standby-") != standby) {
          continue;
        }
        try {
          List<String> pidFile = Files.readAllLines(d.resolve("data/postmaster.pid"));
          if (pidFile.size() > 7 && !pidFile.get(7).strip().equals("starting")) {
            return Optional.of(Long.parseLong(pidFile.get(0).strip()));
          }
        } catch (Exception notYet) {
          // no server there yet
        }
      }
    }
    return Optional.empty();
  }

  private static boolean copying(long postmaster) {
    return ProcessHandle.of(postmaster).stream()
        .flatMap(ProcessHandle::children)
        .anyMatch(child -> commandLine(child.pid()).contains(" COPY"));
  }

  private static String commandLine(long pid) {
    try {
      return new String(
              Files.readAllBytes(Path.of("/proc/" + pid + "/cmdline")), StandardCharsets.UTF_8)
          .replace('\0', ' ');
    } catch (Exception gone) {
      return "";
    }
  }
}
