package org.pgloadbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.server.Processes;
import org.pgloadbench.server.WorkRoots;

/**
 * Ctrl-C in the middle of a load: the JVM stops its servers on the way out, and keeps the results.
 */
@Tag("server")
class InterruptTest {
  @TempDir Path dir;

  @Test
  void noServerOutlivesAnInterruptedRun() throws Exception {
    Path scenario =
        Files.writeString(
            dir.resolve("long.yaml"),
            """
            name: long
            dataset: {kind: osm-synthetic, tables: [nodes], rows: {nodes: 50000000}}
            servers: {versions: [17]}
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
          awaitPostmaster(servers).orElseThrow(() -> new AssertionError("no server started"));
      Thread.sleep(1500); // well into the COPY
      assertThat(bench.isAlive()).as("still loading").isTrue();
      new ProcessBuilder("kill", interrupt(), Long.toString(bench.pid())).start().waitFor();

      assertThat(bench.waitFor(60, TimeUnit.SECONDS)).isTrue();
      assertThat(Processes.hasEnded(postmaster)).isTrue();
      try (Stream<Path> left = Files.list(servers)) {
        assertThat(left).isEmpty();
      }
      assertThat(dir.resolve("results/long")).isDirectory();
    } finally {
      bench.destroyForcibly();
    }
  }

  /**
   * Ctrl-C's signal, SIGINT, unless this JVM was started with SIGINT ignored (as background jobs of
   * a script are): the child inherits that, as it would from such a shell, so the test sends
   * SIGTERM, which takes the same way out through the shutdown hooks.
   */
  static String interrupt() throws Exception {
    String ignored =
        Files.readAllLines(Path.of("/proc/self/status")).stream()
            .filter(l -> l.startsWith("SigIgn:"))
            .map(l -> l.substring("SigIgn:".length()).strip())
            .findFirst()
            .orElse("0");
    boolean sigintIgnored = (Long.parseLong(ignored, 16) & (1L << (2 - 1))) != 0;
    return sigintIgnored ? "-TERM" : "-INT";
  }

  /** The postmaster's pid, once a server has started under the work dir (within 60 s). */
  static Optional<Long> awaitPostmaster(Path servers) throws Exception {
    for (int i = 0; i < 600; i++) {
      if (Files.isDirectory(servers)) {
        try (Stream<Path> dirs = Files.list(servers)) {
          for (Path server : dirs.toList()) {
            Path pidFile = server.resolve("data/postmaster.pid");
            List<String> lines = Files.exists(pidFile) ? Files.readAllLines(pidFile) : List.of();
            if (lines.size() > 7 && lines.get(7).strip().equals("ready")) {
              return Optional.of(Long.parseLong(lines.get(0).strip()));
            }
          }
        }
      }
      Thread.sleep(100);
    }
    return Optional.empty();
  }
}
