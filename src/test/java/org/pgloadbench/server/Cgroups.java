package org.pgloadbench.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Test helpers: whether servers can be capped or their disk limited here, and the cgroups a harness
 * left.
 */
public final class Cgroups {
  private Cgroups() {}

  /** Why no server can be capped on this machine, or null when one can. */
  public static String whyNoCap() {
    return ServerCgroup.whyNot();
  }

  /** Why no server with its data under {@code workRoot} can have its disk limited, or null. */
  public static String whyNoDiskLimit(Path workRoot) {
    return Embedded.target(workRoot).whyNoDiskLimit();
  }

  /**
   * Whether the harness throttles disks under cgroup v1, whose throttle the kernel's writeback of
   * buffered writes escapes (v2 charges it to the cgroup).
   */
  public static boolean diskThrottleIsV1() throws ServerException {
    return CgroupHierarchy.local(CgroupHierarchy.Controller.IO).version() == 1;
  }

  /** The memory cgroups of the harness of process {@code pid} that still exist. */
  public static List<Path> leftBy(long pid) throws IOException, ServerException {
    return leftBy(CgroupHierarchy.local(CgroupHierarchy.Controller.MEMORY).parent(), pid);
  }

  /** The blkio (v1) or io (v2) cgroups of the harness of process {@code pid} that still exist. */
  public static List<Path> diskCgroupsLeftBy(long pid) throws IOException, ServerException {
    return leftBy(CgroupHierarchy.local(CgroupHierarchy.Controller.IO).parent(), pid);
  }

  private static List<Path> leftBy(Path parent, long pid) throws IOException {
    try (Stream<Path> dirs = Files.list(parent)) {
      return dirs.filter(d -> d.getFileName().toString().startsWith(CgroupDir.PREFIX + pid + "-"))
          .toList();
    }
  }
}
