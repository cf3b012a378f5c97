package org.pgloadbench.metrics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where this machine mounts its cgroup hierarchies, and where a process sits in them: cgroup v1
 * mounts one hierarchy per controller group ({@code /sys/fs/cgroup/memory}), v2 one tree for all
 * (often at {@code /sys/fs/cgroup}; beside v1 at {@code /sys/fs/cgroup/unified}).
 *
 * @param v1 each v1 controller's mount point ({@code memory}, {@code cpuacct}, {@code blkio})
 * @param v2 the v2 mount point, or null
 */
public record CgroupFs(Map<String, Path> v1, Path v2) {
  private static final List<String> CONTROLLERS =
      List.of("memory", "cpu", "cpuacct", "blkio", "io", "pids", "cpuset");

  /** This machine's, from {@code /proc/self/mounts}; none when it cannot be read. */
  public static CgroupFs local() {
    try {
      return parse(Files.readString(Path.of("/proc/self/mounts")));
    } catch (IOException e) {
      return new CgroupFs(Map.of(), null);
    }
  }

  /** The cgroup mounts in a {@code /proc/mounts} text. */
  public static CgroupFs parse(String mounts) {
    Map<String, Path> v1 = new LinkedHashMap<>();
    Path v2 = null;
    for (String line : mounts.lines().toList()) {
      String[] f = line.split(" ");
      if (f.length < 4) {
        continue;
      }
      if (f[2].equals("cgroup2") && v2 == null) {
        v2 = Path.of(f[1]);
      } else if (f[2].equals("cgroup")) {
        for (String option : f[3].split(",")) {
          if (CONTROLLERS.contains(option)) {
            v1.putIfAbsent(option, Path.of(f[1]));
          }
        }
      }
    }
    return new CgroupFs(Map.copyOf(v1), v2);
  }

  /**
   * The directory of a process's cgroup for a v1 {@code controller}, from its {@code
   * /proc/<pid>/cgroup} text, or null when the controller has no v1 hierarchy.
   */
  public Path v1Dir(String controller, String procCgroup) {
    Path mount = v1.get(controller);
    if (mount == null) {
      return null;
    }
    for (String line : procCgroup.lines().toList()) {
      String[] f = line.split(":", 3);
      if (f.length == 3 && List.of(f[1].split(",")).contains(controller)) {
        return under(mount, f[2]);
      }
    }
    return null;
  }

  /** The directory of a process's v2 cgroup, from its {@code /proc/<pid>/cgroup}, or null. */
  public Path v2Dir(String procCgroup) {
    if (v2 == null) {
      return null;
    }
    for (String line : procCgroup.lines().toList()) {
      if (line.startsWith("0::")) {
        return under(v2, line.substring(3));
      }
    }
    return null;
  }

  /**
   * The number after {@code prefix} on the first line of a cgroup file that starts with it ({@code
   * user_usec 123}), or null when there is none or the file cannot be read.
   */
  public static Long field(Path file, String prefix) {
    try {
      for (String line : Files.readAllLines(file)) {
        if (line.startsWith(prefix)) {
          return Long.parseLong(line.substring(prefix.length()).strip());
        }
      }
      return null;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  private static Path under(Path mount, String cgroup) {
    String relative = cgroup.strip().replaceFirst("^/+", "");
    return relative.isEmpty() ? mount : mount.resolve(relative);
  }
}
