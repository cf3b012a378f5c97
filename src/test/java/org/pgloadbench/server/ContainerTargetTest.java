package org.pgloadbench.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.run.Progress;
import org.pgloadbench.run.Runners;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.scenario.ScenarioLoader;
import org.pgloadbench.variant.DiskLimit;
import org.pgloadbench.variant.ServerVariant;
import org.pgloadbench.variant.SettingsProfile;
import org.testcontainers.DockerClientFactory;

/**
 * The container target against a real Docker engine. No image registry is reachable here, so the
 * class first builds a postgres-compatible image from the embedded binaries
 * (postgres-image/build.sh); skipped, with the reason, where there is no engine, no docker command
 * or no busybox.
 */
@Tag("server")
class ContainerTargetTest {
  static final String IMAGE = "pgloadbench-test/postgres:17";

  @TempDir Path dir;

  @BeforeAll
  static void buildImage() throws Exception {
    assumeThat(onPath("docker")).as("no docker command (apt-get install docker.io)").isTrue();
    assumeThat(onPath("busybox"))
        .as("no busybox to build the test image (apt-get install busybox-static)")
        .isTrue();
    assumeThat(DockerClientFactory.instance().isDockerAvailable())
        .as("no Docker engine is reachable (start dockerd)")
        .isTrue();
    PostgresDistributions distributions = PostgresDistributions.fromSystemProperty();
    Path home = distributions.install(distributions.resolve("17"));
    Path script =
        Path.of(ContainerTargetTest.class.getResource("/postgres-image/build.sh").toURI());
    Process build =
        new ProcessBuilder("bash", script.toString(), home.toString(), IMAGE)
            .redirectErrorStream(true)
            .start();
    String output = new String(build.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(build.waitFor()).as(output).isZero();
  }

  @Test
  void loadsInAContainerWithTheScenariosSettingsAndComesBackAfterItsPostmasterIsKilled()
      throws Exception {
    Scenario scenario =
        ScenarioLoader.load(
            Files.writeString(
                dir.resolve("container.yaml"),
                """
                name: container
                dataset: {kind: osm-synthetic, tables: [nodes], rows: {nodes: 300000}}
                servers: {target: container, versions: [17], image: '%s'}
                settings: {autovacuum: off, max_wal_size: 2GB}
                warmup: 0
                repeat: 2
                matrix:
                  format: [text, binary]
                steps: [create, copy, analyze]
                """
                    .formatted(IMAGE)),
            true);
    Path runDir = dir.resolve("results/container/run");
    ByteArrayOutputStream progress = new ByteArrayOutputStream();
    CompletableFuture<Long> killed =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return killPostmasterDuringCopy(runDir.resolve(ResultStore.STEPS));
              } catch (Exception e) {
                throw new IllegalStateException(e);
              }
            });
    int failures;
    try (ResultStore store = ResultStore.create(runDir, scenario.axes())) {
      failures =
          Runners.of(
                  scenario,
                  new ContainerTarget(IMAGE),
                  store,
                  Progress.lines(new PrintWriter(progress, true, StandardCharsets.UTF_8)),
                  "container-run")
              .run();
    }
    killed.get(10, TimeUnit.SECONDS);

    List<StepResult> steps = ResultStore.readSteps(runDir);
    assertThat(failures).as(progress.toString(StandardCharsets.UTF_8)).isEqualTo(1);
    assertThat(steps).hasSize(3 + 2 + 3 + 3);
    assertThat(steps.get(4).error()).startsWith("the server went down during this step: ");
    assertThat(steps)
        .filteredOn(s -> s.ok() && s.step().yamlName().equals("copy"))
        .hasSize(3)
        .allMatch(s -> s.measured().rows() == 300000 && s.server().startsWith("17."));
    JsonNode server =
        new ObjectMapper().readTree(runDir.resolve(ResultStore.RUN).toFile()).at("/servers/0");
    assertThat(server.path("target").asText()).isEqualTo("container");
    assertThat(server.path("image").asText()).isEqualTo(IMAGE);
    assertThat(server.at("/settings/autovacuum").asText()).isEqualTo("off");
    assertThat(server.at("/settings/max_wal_size").asText()).isEqualTo("2GB");
    // The module's own fsync=off is not passed: fsync stays at PostgreSQL's default.
    assertThat(server.path("settings").has("fsync")).isFalse();
    assertThat(runningContainers()).isEmpty();
  }

  @Test
  void aSettingTheServerRefusesIsOneLineAndNoContainerIsLeft() throws Exception {
    ServerException e =
        catchThrowableOfType(
            ServerException.class,
            () -> new ContainerTarget(IMAGE).start("17", Map.of("no_such_setting", "1")));
    assertThat(e.getMessage())
        .doesNotContain("\n")
        .startsWith("container " + IMAGE + " did not start: ")
        .contains("unrecognized configuration parameter \"no_such_setting\"");
    assertThat(runningContainers()).isEmpty();
  }

  /**
   * An image neither on this machine nor pullable (no registry answers here; where one does, it has
   * no such repository) is found out once, before any server, by plan as by bench: one line naming
   * IMAGE=, exit 2, soon rather than after Testcontainers' two minutes per server.
   */
  @Test
  void anImageNeitherHereNorPullableIsOneLineNamingImageBeforeAnyServer() throws Exception {
    String absent = "pgloadbench-test/absent:17";
    Path scenario =
        Files.writeString(
            dir.resolve("absent.yaml"),
            """
            name: absent
            dataset: {kind: osm-synthetic, tables: [nodes], rows: {nodes: 10}}
            servers: {target: container, versions: [16, 17]}
            steps: [create, copy]
            """);
    for (String command : List.of("plan", "bench")) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      long start = System.nanoTime();
      int code =
          org.pgloadbench.cli.Main.run(
              new PrintWriter(out, true, StandardCharsets.UTF_8),
              new PrintWriter(err, true, StandardCharsets.UTF_8),
              command,
              scenario.toString(),
              "--image",
              absent,
              "--results",
              dir.resolve("results").toString());
      double seconds = (System.nanoTime() - start) / 1e9;
      assertThat(code).as(command + ": " + err).isEqualTo(2);
      assertThat(out.toString(StandardCharsets.UTF_8)).as(command).isEmpty();
      assertThat(err.toString(StandardCharsets.UTF_8).lines())
          .as(command)
          .singleElement()
          .asString()
          .startsWith(
              "container image " + absent + " is not on this machine and cannot be pulled (")
          .endsWith(
              "); build or load one and name it with IMAGE=, see docs/targets-and-security.md");
      assertThat(seconds).as(command + " took").isLessThan(ContainerImage.ANSWER.toSeconds() + 20);
    }
    assertThat(dir.resolve("results")).doesNotExist();
    assertThat(runningContainers()).isEmpty();
  }

  @Test
  void anImageOnThisMachineIsChecked() throws Exception {
    // no exception: the image built above is here, for every version asked
    new ContainerTarget(IMAGE).check(List.of("16", "17"));
  }

  /**
   * A capped server's container runs under Docker's memory limit (swap included), and its cgroup
   * counts the CPU its backends spend, a backend that has exited included.
   */
  @Test
  void aCappedContainerHasTheLimitAndItsCgroupCountsTheServersCpu() throws Exception {
    long cap = 256L << 20;
    try (PostgresServer server =
        new ContainerTarget(IMAGE)
            .start(
                new ServerStart(
                    "17", Map.of(), new ServerVariant(SettingsProfile.DEFAULTS, cap, List.of())))) {
      String id = runningContainers().get(0);
      assertThat(docker("inspect", "-f", "{{.HostConfig.Memory}} {{.HostConfig.MemorySwap}}", id))
          .isEqualTo(cap + " " + cap);
      assertThat(server.details()).containsEntry(PostgresServer.MEMORY_CAP, Long.toString(cap));
      var before = server.resources().read();
      try (var c = server.connect(PostgresServer.MAINTENANCE_DATABASE);
          var s = c.createStatement()) {
        s.execute("SELECT count(*) FROM generate_series(1, 5000000)");
      }
      var used = server.resources().read().since(before);
      assertThat(used.cpuUserSeconds() + used.cpuSystemSeconds()).isGreaterThan(0.1);
    }
    assertThat(runningContainers()).isEmpty();
  }

  /**
   * A limited server's container is throttled by Docker's own cgroup, whose counters the harness
   * reads like an embedded server's: what a load writes and syncs passes them, and the server's
   * processes' written bytes stand beside them, so the report can say what escaped.
   */
  @Test
  void aLimitedContainersThrottleCountsWhatItsServerWrote() throws Exception {
    DiskLimit limit = DiskLimit.parse("write=50MB/s").orElseThrow();
    try (PostgresServer server =
        new ContainerTarget(IMAGE)
            .start(
                new ServerStart(
                    "17",
                    Map.of(),
                    new ServerVariant(SettingsProfile.DEFAULTS, 0, List.of(limit))))) {
      assertThat(server.throttle()).as("the container's throttle").isNotNull();
      var before = server.throttle().read();
      var wrote = server.resources().read();
      try (var c = server.connect(PostgresServer.MAINTENANCE_DATABASE);
          var s = c.createStatement()) {
        s.execute(
            "CREATE TABLE t AS SELECT g, repeat('x', 100) AS pad"
                + " FROM generate_series(1, 300000) g");
        s.execute("CHECKPOINT");
      }
      var passed = server.throttle().read().since(before);
      assertThat(passed.writtenBytes()).as("bytes through the throttle").isGreaterThan(20_000_000L);
      assertThat(server.resources().read().since(wrote).writtenBytes())
          .as("the server's processes' written bytes")
          .isGreaterThan(20_000_000L);
    }
    assertThat(runningContainers()).isEmpty();
  }

  /** Once the first load is stored, kills the container's postmaster while a COPY runs. */
  private static long killPostmasterDuringCopy(Path steps) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
    while (System.nanoTime() < deadline) {
      if (Files.exists(steps) && Files.readAllLines(steps).size() >= 3) {
        for (String container : runningContainers()) {
          long postmaster = Long.parseLong(docker("inspect", "-f", "{{.State.Pid}}", container));
          boolean copying =
              ProcessHandle.of(postmaster).stream()
                  .flatMap(ProcessHandle::children)
                  .anyMatch(child -> commandLine(child.pid()).contains(" COPY"));
          if (copying) {
            ProcessHandle.of(postmaster).orElseThrow().destroyForcibly();
            return postmaster;
          }
        }
      }
      Thread.sleep(20);
    }
    throw new IllegalStateException("no COPY seen to interrupt");
  }

  private static List<String> runningContainers() throws Exception {
    String ids = docker("ps", "-q", "--filter", "ancestor=" + IMAGE);
    return ids.isEmpty() ? List.of() : List.of(ids.split("\\s+"));
  }

  private static String docker(String... args) throws Exception {
    Process p =
        new ProcessBuilder(Stream.concat(Stream.of("docker"), Stream.of(args)).toList())
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    p.waitFor();
    return out;
  }

  private static String commandLine(long pid) {
    try {
      return new String(
              Files.readAllBytes(Path.of("/proc/" + pid + "/cmdline")), StandardCharsets.UTF_8)
          .replace('\0', ' ');
    } catch (IOException gone) {
      return "";
    }
  }

  private static boolean onPath(String program) {
    return Optional.ofNullable(System.getenv("PATH")).stream()
        .flatMap(path -> Stream.of(path.split(":")))
        .anyMatch(d -> Files.isExecutable(Path.of(d, program)));
  }
}
