package org.pgloadbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.server.Cgroups;
import org.pgloadbench.server.Processes;
import org.pgloadbench.server.WorkRoots;

/**
 * A capped server's cgroup goes on every exit path: Ctrl-C (the JVM's hooks stop the server and
 * remove it) and a harness killed outright (its watchdog does); and where no cap can be set, one
 * line says so before anything starts.
 */
@Tag("server")
class CappedRunExitTest {
  @TempDir Path dir;

  @Test
  void aUrlTargetCannotBeCappedAndSaysSoInOneLine() throws Exception {
    Path scenario =
        Files.writeString(
            dir.resolve("u.yaml"),
            """
            name: u
            dataset: {kind: osm-synthetic, tables: [ways], rows: {ways: 10}}
            servers: {versions: [17]}
            steps: [create, copy]
            """);
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code =
        Main.run(
            new PrintWriter(out),
            new PrintWriter(err),
            "bench",
            scenario.toString(),
            "--target",
            "postgresql://me@127.0.0.1:1/db",
            "--memory",
            "1GB",
            "--results",
            dir.resolve("results").toString(),
            "--reports",
            dir.resolve("reports").toString());
    assertThat(code).isEqualTo(2);
    assertThat(err.toString().strip())
        .isEqualTo(
            "memory cap: the server at 127.0.0.1:1/db is not one the harness starts, so its memory"
                + " is its own; leave MEMORY and servers.memory out")
        .doesNotContain("\n");
    assertThat(dir.resolve("results")).doesNotExist();
  }

  @Test
  void ctrlCRemovesTheCgroup() throws Exception {
    exitsClean(CappedRunExitTest.interrupt());
  }

  @Test
  void aHarnessKilledOutrightLeavesNoCgroupNorServer() throws Exception {
    exitsClean("-KILL");
  }

  private void exitsClean(String signal) throws Exception {
    String why = Cgroups.whyNoCap();
    assumeThat(why).as("no memory cgroup here: " + why).isNull();
    Path scenario =
        Files.writeString(
            dir.resolve("long.yaml"),
            """
            name: long
            dataset: {kind: osm-synthetic, tables: [nodes], rows: {nodes: 50000000}}
            servers: {versions: [17], memory: 256MB}
            warmup: 0
            steps: [create, copy]
            """);
    Path servers = WorkRoots.enterable(dir).resolve("servers");
    Process bench =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty(
                    "surefire.test.class.path", System.getProperty("java.class.path")),
                "-Dpgloadbench.postgres.jars=" + System.getProperty("pgloadbench.postgres.jars"),
                Main.class.getName(),
                "bench",
                scenario.toString(),
                "--work-dir",
                servers.toString(),
                "--results",
                dir.resolve("results").toString(),
                "--reports",
                dir.resolve("reports").toString())
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("output.txt").toFile())
            .start();
    try {
      long postmaster =
          InterruptTest.awaitPostmaster(servers)
              .orElseThrow(() -> new AssertionError("no server started"));
      List<Path> cgroups = Cgroups.leftBy(bench.pid());
      assertThat(cgroups).hasSize(1);
      Thread.sleep(1000); // into the COPY
      new ProcessBuilder("kill", signal, Long.toString(bench.pid())).start().waitFor();

      assertThat(bench.waitFor(60, TimeUnit.SECONDS)).isTrue();
      for (int i = 0; i < 300 && Files.exists(cgroups.get(0)); i++) {
        Thread.sleep(100);
      }
      assertThat(cgroups.get(0)).doesNotExist();
      assertThat(Processes.hasEnded(postmaster)).isTrue();
    } finally {
      bench.destroyForcibly();
    }
  }

  private static String interrupt() throws Exception {
    return InterruptTest.interrupt();
  }
}
