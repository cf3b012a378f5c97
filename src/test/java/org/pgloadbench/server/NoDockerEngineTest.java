package org.pgloadbench.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.cli.Main;

/**
 * Where no Docker engine is reachable, the container target says so in one line and points to the
 * embedded target. The engine is hidden by a private mount namespace with an empty /run (where
 * docker.sock lives); pointing DOCKER_HOST elsewhere would not do, Testcontainers falls back to the
 * default socket.
 */
class NoDockerEngineTest {
  @TempDir Path dir;

  @Test
  void theContainerTargetWithoutAnEngineIsOneLineAndExit2() throws Exception {
    Path scenario =
        Files.writeString(
            dir.resolve("c.yaml"),
            """
            name: c
            dataset: {kind: osm-synthetic, tables: [nodes], rows: {nodes: 10}}
            servers: {target: container, versions: [17]}
            steps: [create, copy]
            """);
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    ProcessBuilder builder =
        new ProcessBuilder(
            "unshare",
            "-m",
            "--propagation",
            "private",
            "sh",
            "-c",
            "mount -t tmpfs none /run && exec \"$0\" \"$@\"",
            java,
            "-cp",
            System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
            Main.class.getName(),
            "bench",
            scenario.toString(),
            "--results",
            dir.resolve("results").toString());
    builder.environment().remove("DOCKER_HOST");
    Process bench = builder.redirectError(dir.resolve("err.txt").toFile()).start();
    bench.getInputStream().readAllBytes();
    assertThat(bench.waitFor(120, TimeUnit.SECONDS)).isTrue();
    List<String> err = Files.readAllLines(dir.resolve("err.txt"), StandardCharsets.UTF_8);
    assumeThat(err.toString())
        .as("a private mount namespace is not allowed here (needs root)")
        .doesNotContain("unshare:")
        .doesNotContain("mount:");
    assertThat(bench.exitValue()).isEqualTo(2);
    assertThat(err)
        .containsExactly(
            "no Docker engine is reachable (DOCKER_HOST, /var/run/docker.sock); start one, or run"
                + " on the embedded target: TARGET=embedded");
    assertThat(dir.resolve("results")).doesNotExist();
  }
}
