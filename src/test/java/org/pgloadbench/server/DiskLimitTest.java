package org.pgloadbench.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.metrics.CgroupFs;
import org.pgloadbench.metrics.DiskThrottle;
import org.pgloadbench.variant.DiskLimit;
import org.pgloadbench.variant.ServerVariant;
import org.pgloadbench.variant.SettingsProfile;

/**
 * A server whose disk is limited, on this machine's own cgroups (skipped, with the reason, where
 * this user may throttle none, or the temp dir is on no block device): it reads no faster than its
 * limit, its throttle counts what it read, and its cgroup goes with it. A data directory on a file
 * system without a block device is refused in one line naming the work dir.
 */
@Tag("server")
class DiskLimitTest {
  private static final long MB = 1000_000;
  private static final long MIB = 1L << 20;

  @TempDir Path dir;

  /**
   * A file written past the page cache ({@code oflag=direct}) is on the disk alone: the server
   * reading it, {@code pg_read_binary_file} as the superuser it is, is held to 8 MB/s. The kernel
   * hands the throttle's budget out in slices of a tenth of a second, so the bound is N / limit
   * less one slice.
   */
  @Test
  void aThrottledServerReadingWhatItNeverReadTakesAtLeastItsSizeOverTheLimit() throws Exception {
    Path root = WorkRoots.enterable(dir);
    String why = Cgroups.whyNoDiskLimit(root.resolve("servers"));
    assumeThat(why).as("no disk limit here: " + why).isNull();
    long size = 24 * MIB;
    long limit = 8 * MB;
    Path file = root.resolve("uncached");
    Process dd =
        new ProcessBuilder(
                "dd",
                "if=/dev/zero",
                "of=" + file,
                "bs=1M", // direct I/O wants blocks aligned to the device's
                "count=" + size / MIB,
                "oflag=direct",
                "status=none")
            .redirectErrorStream(true)
            .start();
    String output = new String(dd.getInputStream().readAllBytes());
    assumeThat(dd.waitFor()).as("dd oflag=direct: " + output).isZero();
    file.toFile().setReadable(true, false);

    DiskLimit disk = DiskLimit.parse("read=8MB/s").orElseThrow();
    long harness = ProcessHandle.current().pid();
    EmbeddedTarget target = Embedded.target(root.resolve("servers"));
    try (PostgresServer server =
        target.start(
            new ServerStart(
                "17", Map.of(), new ServerVariant(SettingsProfile.DEFAULTS, 0, List.of(disk))))) {
      assertThat(server.details()).containsEntry(PostgresServer.DISK_LIMIT, "read=8MB/s");
      DiskThrottle throttle = server.throttle();
      assertThat(throttle).isNotNull();
      DiskThrottle.Reading before = throttle.read();
      long read;
      long start = System.nanoTime();
      try (Connection c = server.connect(PostgresServer.MAINTENANCE_DATABASE);
          PreparedStatement s = c.prepareStatement("SELECT length(pg_read_binary_file(?))")) {
        s.setString(1, file.toString());
        try (ResultSet rs = s.executeQuery()) {
          rs.next();
          read = rs.getLong(1);
        }
      }
      double seconds = (System.nanoTime() - start) / 1e9;
      assertThat(read).isEqualTo(size);
      assertThat(seconds).isGreaterThanOrEqualTo((double) size / limit - 0.1);
      assertThat(throttle.read().since(before).readBytes()).isGreaterThanOrEqualTo(size);
      assertThat(Cgroups.diskCgroupsLeftBy(harness)).hasSize(1);
    }
    assertThat(Cgroups.diskCgroupsLeftBy(harness)).isEmpty();
  }

  /** tmpfs has no block device: the throttle would have nothing to hold. */
  @Test
  void aWorkDirWithoutABlockDeviceIsRefusedInOneLineNamingWorkDir() throws Exception {
    Path shm = Path.of("/dev/shm");
    assumeThat(Files.isDirectory(shm) && Files.getFileStore(shm).type().equals("tmpfs"))
        .as("no tmpfs at /dev/shm")
        .isTrue();
    Path root = WorkRoots.enterable(Files.createTempDirectory(shm, "pgloadbench-disk-test"));
    try {
      String why = Cgroups.whyNoDiskLimit(root.resolve("servers"));
      assertThat(why).contains("without a block device").contains("tmpfs").contains("--work-dir");
      assertThat(why.lines()).hasSize(1);
    } finally {
      WorkRoot.delete(root);
    }
  }

  /**
   * A memory cap and a disk limit together: one server cgroup holding both, which a process enters
   * in every hierarchy that holds one (v1: memory and blkio; v2: one cgroup), and which goes whole.
   */
  @Test
  void aCappedAndThrottledServersProcessesEnterBothLimits() throws Exception {
    Path root = WorkRoots.enterable(dir);
    String why = Cgroups.whyNoDiskLimit(root.resolve("servers"));
    assumeThat(why).as("no disk limit here: " + why).isNull();
    String noCap = ServerCgroup.whyNot();
    assumeThat(noCap).as("no memory cgroup here: " + noCap).isNull();
    DiskLimit disk = DiskLimit.parse("write=50MB/s").orElseThrow();
    long harness = ProcessHandle.current().pid();
    try (ServerCgroup both = ServerCgroup.create("both", 96L << 20, disk, root)) {
      Process p =
          new ProcessBuilder(both.wrap(List.of("cat", "/proc/self/cgroup")))
              .redirectErrorStream(true)
              .start();
      String inside = new String(p.getInputStream().readAllBytes());
      assertThat(p.waitFor()).isZero();
      CgroupHierarchy memory = CgroupHierarchy.local(CgroupHierarchy.Controller.MEMORY);
      CgroupHierarchy io = CgroupHierarchy.local(CgroupHierarchy.Controller.IO);
      String name = CgroupDir.PREFIX + harness + "-both";
      assertThat(inside.lines().filter(l -> l.endsWith("/" + name)).count())
          .as(inside)
          .isEqualTo(memory.equals(io) ? 1 : 2);
      assertThat(both.throttle()).isNotNull();
      assertThat(
              Files.readString(
                      memory
                          .parent()
                          .resolve(name)
                          .resolve(memory.version() == 1 ? "memory.limit_in_bytes" : "memory.max"))
                  .strip())
          .isEqualTo(Long.toString(96L << 20));
    }
    assertThat(Cgroups.leftBy(harness)).isEmpty();
    assertThat(Cgroups.diskCgroupsLeftBy(harness)).isEmpty();
  }

  /** A blkio (v1) or io (v2) cgroup a dead harness left goes at the next limited server's start. */
  @Test
  void aDiskCgroupLeftByADeadHarnessIsRemovedByTheNextStart() throws Exception {
    Path root = WorkRoots.enterable(dir);
    String why = Cgroups.whyNoDiskLimit(root.resolve("servers"));
    assumeThat(why).as("no disk limit here: " + why).isNull();
    Process gone = new ProcessBuilder("true").start();
    gone.waitFor();
    Path parent = CgroupHierarchy.local(CgroupHierarchy.Controller.IO).parent();
    Path left = parent.resolve(CgroupDir.PREFIX + gone.pid() + "-left");
    Files.createDirectory(left);
    DiskLimit disk = DiskLimit.parse("gp3").orElseThrow();
    try (ServerCgroup next = ServerCgroup.create("next", null, disk, root)) {
      assertThat(left).doesNotExist();
      assertThat(next.describeDisk()).contains(BlockDevice.of(root));
    } finally {
      if (Files.exists(left)) {
        Files.delete(left);
      }
    }
  }

  /**
   * On cgroup v2 the servers' cgroups go under the nearest ancestor that gives its children the io
   * controller; without one, one line says what to do.
   */
  @Test
  void onCgroupV2TheNearestAncestorDelegatingIoIsTheParent() throws Exception {
    Path mount = dir.resolve("cgroup");
    Path user = mount.resolve("user.slice/user-1000.slice/user@1000.service");
    Path scope = user.resolve("app.slice/run-1.scope");
    Files.createDirectories(scope);
    Files.writeString(mount.resolve("cgroup.subtree_control"), "cpu io memory pids\n");
    Files.writeString(user.resolve("cgroup.subtree_control"), "cpu io memory pids\n");
    Files.writeString(user.resolve("app.slice/cgroup.subtree_control"), "\n");
    CgroupFs fs = new CgroupFs(Map.of(), mount);
    String self = "0::/user.slice/user-1000.slice/user@1000.service/app.slice/run-1.scope\n";

    assertThat(CgroupHierarchy.find(fs, self, CgroupHierarchy.Controller.IO))
        .isEqualTo(new CgroupHierarchy(user, 2));
    Files.writeString(user.resolve("cgroup.subtree_control"), "cpu memory pids\n");
    Files.writeString(mount.resolve("cgroup.subtree_control"), "cpu memory pids\n");
    assertThat(
            catchThrowableOfType(
                    ServerException.class,
                    () -> CgroupHierarchy.find(fs, self, CgroupHierarchy.Controller.IO))
                .getMessage())
        .startsWith("no cgroup v2 above " + scope)
        .contains("io controller")
        .contains("leave the disk limit out")
        .doesNotContain("\n");
  }

  @Test
  void limitsAreBytesOrOperationsPerSecondEachWayOrANamedDisk() {
    DiskLimit limit = DiskLimit.parse("read=200MB/s,write=100MiB/s,write_iops=3000").orElseThrow();
    assertThat(List.of(limit.readBytes(), limit.writeBytes(), limit.readIops(), limit.writeIops()))
        .containsExactly(200_000_000L, 100L << 20, 0L, 3000L);
    assertThat(CgroupHierarchy.v1Lines(limit, "254:0"))
        .extracting(l -> l[0] + " " + l[1])
        .containsExactly(
            "blkio.throttle.read_bps_device 254:0 200000000",
            "blkio.throttle.write_bps_device 254:0 104857600",
            "blkio.throttle.write_iops_device 254:0 3000");
    assertThat(CgroupHierarchy.v2Line(limit, "254:0"))
        .isEqualTo("254:0 rbps=200000000 wbps=104857600 riops=max wiops=3000");
    DiskLimit gp3 = DiskLimit.parse("gp3").orElseThrow();
    assertThat(List.of(gp3.readBytes(), gp3.writeBytes(), gp3.readIops(), gp3.writeIops()))
        .containsExactly(125L << 20, 125L << 20, 3000L, 3000L);
    assertThat(DiskLimit.parse("none").orElseThrow().isNone()).isTrue();
    for (String bad :
        List.of(
            "read=0MB/s",
            "write=-5MB/s",
            "read=5furlongs/s",
            "read=5MB",
            "floppy",
            "read_iops=0",
            "read=1MB/s,read=2MB/s",
            "")) {
      assertThat(DiskLimit.parse(bad)).as(bad).isEmpty();
    }
    assertThat(limit.leastSeconds(400e6, 0, 0, 6000)).isEqualTo(2.0);
  }

  @Test
  void directIoFollowsTheLimitsOrStandsAloneAndNeedsSixteen() {
    DiskLimit direct = DiskLimit.parse("read=60MB/s,write=30MB/s,io=direct").orElseThrow();
    assertThat(direct.direct()).isTrue();
    assertThat(direct.writeBytes()).isEqualTo(30_000_000L);
    assertThat(direct.label()).isEqualTo("r60MBps-w30MBps-direct");
    assertThat(DiskLimit.parse("gp3,io=direct").orElseThrow().label()).isEqualTo("gp3-direct");
    DiskLimit alone = DiskLimit.parse("io=direct").orElseThrow();
    assertThat(alone.throttled()).isFalse();
    assertThat(alone.isNone()).isFalse();
    assertThat(alone.label()).isEqualTo("direct");
    DiskLimit buffered = DiskLimit.parse("write=30MB/s,io=buffered").orElseThrow();
    assertThat(buffered.direct()).isFalse();
    assertThat(DiskLimit.parse("write=30MB/s").orElseThrow().direct()).isFalse();
    assertThat(buffered.text()).isEqualTo("write=30MB/s");
    assertThat(DiskLimit.parse("io=buffered")).contains(DiskLimit.NONE);
    assertThat(direct.whyNot(15)).startsWith("io=direct needs PostgreSQL 16 or later");
    assertThat(direct.whyNot(16)).isNull();
    // its versions in ASCII digits whatever the locale: formatted() alone wrote ١٦ under ar-EG
    Locale before = Locale.getDefault();
    try {
      Locale.setDefault(Locale.forLanguageTag("ar-EG"));
      assertThat(direct.whyNot(15)).contains("PostgreSQL 16 or later", "and 15 has none");
    } finally {
      Locale.setDefault(before);
    }
    assertThat(buffered.whyNot(15)).isNull();
    for (String bad : List.of("io=direct,write=30MB/s", "none,io=direct", "io=fast", "io=")) {
      assertThat(DiskLimit.parse(bad)).as(bad).isEmpty();
    }
  }
}
