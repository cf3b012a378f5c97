package org.pgloadbench.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.metrics.CgroupFs;
import org.pgloadbench.variant.DiskLimit;

/**
 * The memory cgroup around a capped server, on this machine's own cgroups (skipped, with the
 * reason, where this user may create none), and where it is created on a cgroup v2 machine.
 */
@Tag("server")
class MemoryCgroupTest {
  private static final long CAP = 96L << 20;

  @TempDir Path dir;

  @BeforeAll
  static void cgroupsAvailable() {
    String why = ServerCgroup.whyNot();
    assumeThat(why).as("no memory cgroup here: " + why).isNull();
  }

  @Test
  void aWrappedCommandRunsInsideTheLimitAndTheCgroupGoesWithClose() throws Exception {
    CgroupHierarchy here = CgroupHierarchy.local(CgroupHierarchy.Controller.MEMORY);
    Path cgroup;
    try (ServerCgroup capped = ServerCgroup.create("test", CAP, DiskLimit.NONE, null)) {
      cgroup = cgroupDir(capped);
      String limit = here.version() == 1 ? "memory.limit_in_bytes" : "memory.max";
      assertThat(Files.readString(cgroup.resolve(limit)).strip()).isEqualTo(Long.toString(CAP));
      Process p =
          new ProcessBuilder(capped.wrap(List.of("cat", "/proc/self/cgroup")))
              .redirectErrorStream(true)
              .start();
      String inside = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(p.waitFor()).isZero();
      assertThat(inside).contains(cgroup.getFileName().toString());
    }
    assertThat(cgroup).doesNotExist();
  }

  /** A process that outgrows the cap is killed by the kernel, and the cgroup counts it. */
  @Test
  void theKernelsKillsForTheCapAreCounted() throws Exception {
    try (ServerCgroup capped = ServerCgroup.create("hog", CAP, DiskLimit.NONE, null)) {
      assertThat(capped.oomKills()).isZero();
      // tail -n 1 holds the one endless line of zeros in memory
      Process hog =
          new ProcessBuilder(
                  capped.wrap(List.of("sh", "-c", "head -c 400000000 /dev/zero | tail -n 1")))
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .start();
      assertThat(hog.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
      assertThat(capped.oomKills()).isPositive();
    }
  }

  /**
   * A harness killed outright runs no hook: the watchdog sees it gone, ends what runs in the cgroup
   * and removes it. A {@code sleep} stands in for the harness, another for the server.
   */
  @Test
  void theWatchdogClearsTheCgroupOfAHarnessKilledOutright() throws Exception {
    Process harness = new ProcessBuilder("sleep", "600").start();
    ServerCgroup capped =
        ServerCgroup.create(
            CgroupHierarchy.local(CgroupHierarchy.Controller.MEMORY),
            null,
            "killed",
            CAP,
            DiskLimit.NONE,
            null,
            harness.pid());
    Process server = new ProcessBuilder(capped.wrap(List.of("sleep", "600"))).start();
    try {
      for (int i = 0;
          i < 50 && Files.readString(cgroupDir(capped).resolve("cgroup.procs")).isBlank();
          i++) {
        Thread.sleep(100);
      }
      assertThat(Files.readString(cgroupDir(capped).resolve("cgroup.procs")).strip())
          .isEqualTo(Long.toString(server.pid()));
      harness.destroyForcibly().waitFor();

      for (int i = 0; i < 100 && Files.exists(cgroupDir(capped)); i++) {
        Thread.sleep(100);
      }
      assertThat(cgroupDir(capped)).doesNotExist();
      assertThat(server.waitFor(5, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
    } finally {
      server.destroyForcibly();
      capped.close();
    }
  }

  @Test
  void aCgroupLeftByADeadHarnessIsRemovedByTheNextStart() throws Exception {
    CgroupHierarchy here = CgroupHierarchy.local(CgroupHierarchy.Controller.MEMORY);
    Process gone = new ProcessBuilder("true").start();
    gone.waitFor();
    Path left = here.parent().resolve(CgroupDir.PREFIX + gone.pid() + "-left");
    Files.createDirectory(left);
    try (ServerCgroup next = ServerCgroup.create("next", CAP, DiskLimit.NONE, null)) {
      assertThat(left).doesNotExist();
    } finally {
      if (Files.exists(left)) {
        Files.delete(left);
      }
    }
  }

  /**
   * On cgroup v2 a cgroup holding processes may not give its children the memory controller, so the
   * servers' cgroups go under the nearest ancestor that does: here {@code user@1000.service}, above
   * the harness's own scope. Without one, one line says what to do.
   */
  @Test
  void onCgroupV2TheNearestAncestorDelegatingMemoryIsTheParent() throws Exception {
    Path mount = dir.resolve("cgroup");
    Path user = mount.resolve("user.slice/user-1000.slice/user@1000.service");
    Path scope = user.resolve("app.slice/run-1.scope");
    Files.createDirectories(scope);
    Files.writeString(mount.resolve("cgroup.subtree_control"), "cpu io memory pids\n");
    Files.writeString(user.resolve("cgroup.subtree_control"), "cpu memory pids\n");
    Files.writeString(user.resolve("app.slice/cgroup.subtree_control"), "\n");
    CgroupFs fs = new CgroupFs(java.util.Map.of(), mount);
    String self = "0::/user.slice/user-1000.slice/user@1000.service/app.slice/run-1.scope\n";

    CgroupHierarchy found = CgroupHierarchy.find(fs, self, CgroupHierarchy.Controller.MEMORY);

    assertThat(found).isEqualTo(new CgroupHierarchy(user, 2));
    Files.writeString(user.resolve("cgroup.subtree_control"), "cpu pids\n");
    Files.writeString(mount.resolve("cgroup.subtree_control"), "cpu pids\n");
    assertThat(
            catchThrowableOfType(
                    ServerException.class,
                    () -> CgroupHierarchy.find(fs, self, CgroupHierarchy.Controller.MEMORY))
                .getMessage())
        .startsWith("no cgroup v2 above " + scope)
        .contains("memory controller")
        .contains("leave the memory cap out")
        .doesNotContain("\n");
  }

  /** The directory of a cgroup with a memory limit only: the one run.json records. */
  private static Path cgroupDir(ServerCgroup cgroup) {
    return Path.of(cgroup.describe().split(" ", 3)[2]);
  }
}
