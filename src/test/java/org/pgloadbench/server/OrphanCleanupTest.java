package org.pgloadbench.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server left by a killed harness is stopped by the next start; but a pid file is only a claim:
 * the process it names is killed only when it is a postmaster of that very data directory.
 */
@Tag("server")
class OrphanCleanupTest {
  /** A pid no process has (above any pid_max), so the harness that owned such a dir is dead. */
  private static final String DEAD_HARNESS = "999999999";

  @TempDir Path workRoot;
  private Process sleeper;

  @AfterEach
  void stopSleeper() {
    if (sleeper != null) {
      sleeper.destroyForcibly();
    }
  }

  @Test
  void aPlantedPidFileKillsNothing() throws Exception {
    EmbeddedTarget target = Embedded.target(workRoot);
    try (PostgresServer first = target.start("17", Map.of())) {
      long postmaster = EmbeddedTargetTest.postmasterPid(workRoot, "17");
      Path firstData;
      try (var dirs = Files.list(workRoot)) {
        firstData = dirs.findFirst().orElseThrow().resolve("data");
      }
      assertThat(Postmasters.isPostmasterOf(postmaster, firstData)).isTrue();

      sleeper = new ProcessBuilder("sleep", "300").start();
      Path unrelated = plant(DEAD_HARNESS + "-sleep", sleeper.pid());
      Path otherServer = plant(DEAD_HARNESS + "-other", postmaster);
      assertThat(Postmasters.isPostmasterOf(sleeper.pid(), unrelated)).isFalse();
      assertThat(Postmasters.isPostmasterOf(postmaster, otherServer)).isFalse();

      // starting a server cleans up the dirs of dead harnesses
      try (PostgresServer second = target.start("17", Map.of())) {
        assertThat(second.version()).startsWith("17.");
      }
      assertThat(unrelated.getParent()).doesNotExist();
      assertThat(otherServer.getParent()).doesNotExist();
      assertThat(sleeper.isAlive()).isTrue();
      assertThat(Processes.isRunning(postmaster)).isTrue();
      try (Connection c = first.connect("postgres")) {
        assertThat(c.isValid(5)).isTrue();
      }
    }
  }

  /** A dir as a dead harness would leave it, its pid file naming {@code pid}; its data dir. */
  private Path plant(String name, long pid) throws Exception {
    Path data = Files.createDirectories(workRoot.resolve(name).resolve("data"));
    Files.writeString(data.resolve("postmaster.pid"), pid + "\n" + data + "\n");
    return data;
  }
}
