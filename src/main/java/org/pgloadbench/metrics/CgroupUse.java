package org.pgloadbench.metrics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A container's resources as its cgroup counts them: every process in it, exited ones included. CPU
 * from v1's {@code cpuacct} or v2's {@code cpu.stat}; bytes from v2's {@code io.stat}, or v1's
 * {@code blkio}, which sees reads but not the kernel's writeback of buffered writes (charged to no
 * cgroup on v1), so written bytes are left out there.
 *
 * @param cpuacct the v1 {@code cpuacct} cgroup's directory, or null under v2
 * @param blkio the v1 {@code blkio} cgroup's directory, or null (under v2, or no such hierarchy)
 * @param unified the v2 cgroup's directory, or null under v1
 */
public record CgroupUse(Path cpuacct, Path blkio, Path unified) implements ResourceMeter {

  /**
   * The cgroup of process {@code pid} (a container's first process, as this host sees it), or null
   * when this host does not show it (the container runs on another machine's engine).
   */
  public static CgroupUse of(long pid, CgroupFs fs) {
    try {
      String cgroup = Files.readString(Path.of("/proc/" + pid + "/cgroup"));
      Path cpuacct = fs.v1Dir("cpuacct", cgroup);
      if (cpuacct != null && Files.isDirectory(cpuacct)) {
        return new CgroupUse(cpuacct, fs.v1Dir("blkio", cgroup), null);
      }
      Path unified = fs.v2Dir(cgroup);
      if (unified != null && Files.exists(unified.resolve("cpu.stat"))) {
        return new CgroupUse(null, null, unified);
      }
      return null;
    } catch (IOException e) {
      return null;
    }
  }

  @Override
  public ResourceUse read() {
    return unified != null ? readV2() : readV1();
  }

  @Override
  public List<String> missing() {
    return unified != null
        ? List.of()
        : List.of(
            "bytes written: cgroup v1 does not charge the kernel's writeback of buffered writes to"
                + " the container");
  }

  private ResourceUse readV1() {
    Double user = nanos(cpuacct.resolve("cpuacct.usage_user"));
    Double system = nanos(cpuacct.resolve("cpuacct.usage_sys"));
    Path bytes = blkio == null ? null : blkio.resolve("blkio.throttle.io_service_bytes_recursive");
    return new ResourceUse(user, system, bytes == null ? null : sum(bytes, " Read "), null);
  }

  private ResourceUse readV2() {
    Long user = CgroupFs.field(unified.resolve("cpu.stat"), "user_usec ");
    Long system = CgroupFs.field(unified.resolve("cpu.stat"), "system_usec ");
    return new ResourceUse(
        user == null ? null : user / 1e6,
        system == null ? null : system / 1e6,
        sum(unified.resolve("io.stat"), "rbytes="),
        sum(unified.resolve("io.stat"), "wbytes="));
  }

  private static Double nanos(Path file) {
    try {
      return Long.parseLong(Files.readString(file).strip()) / 1e9;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** The sum over devices of the number after {@code marker} on each line. */
  private static Long sum(Path file, String marker) {
    try {
      long total = 0;
      for (String line : Files.readAllLines(file)) {
        int at = line.indexOf(marker);
        if (at >= 0) {
          String rest = line.substring(at + marker.length()).strip();
          total += Long.parseLong(rest.split("\\s+")[0]);
        }
      }
      return total;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }
}
