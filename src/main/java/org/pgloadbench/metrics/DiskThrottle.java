package org.pgloadbench.metrics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What a server's disk throttle counted on its device: the bytes and operations that passed it each
 * way (v1 {@code blkio.throttle.io_service_bytes} and {@code io_serviced}, v2 {@code io.stat}),
 * read around a step, outside its clock, like the other probes. Under v1 the kernel's writeback of
 * buffered writes is charged to the root cgroup, so it passes no throttle and is not counted here:
 * the server's processes' written bytes less these are what escaped.
 *
 * @param dir the server's cgroup directory in the io (v2) or blkio (v1) hierarchy
 * @param version 1 or 2
 * @param device the throttled device, {@code major:minor}
 */
public record DiskThrottle(Path dir, int version, String device) {

  /**
   * The throttle of process {@code pid}'s cgroup (a container's first process, as this host sees
   * it) on {@code device}, or null where this host does not show that cgroup.
   */
  public static DiskThrottle of(long pid, String device, CgroupFs fs) {
    try {
      String cgroup = Files.readString(Path.of("/proc/" + pid + "/cgroup"));
      Path blkio = fs.v1Dir("blkio", cgroup);
      if (blkio != null && Files.isDirectory(blkio)) {
        return new DiskThrottle(blkio, 1, device);
      }
      Path unified = fs.v2Dir(cgroup);
      return unified != null && Files.exists(unified.resolve("io.stat"))
          ? new DiskThrottle(unified, 2, device)
          : null;
    } catch (IOException e) {
      return null;
    }
  }

  /**
   * Counts so far; a figure the kernel did not show is null.
   *
   * @param readBytes bytes read through the throttle
   * @param writtenBytes bytes written through it
   * @param reads read operations
   * @param writes write operations
   */
  public record Reading(Long readBytes, Long writtenBytes, Long reads, Long writes) {
    static final Reading UNKNOWN = new Reading(null, null, null, null);

    /** The counts since {@code before}. */
    public Reading since(Reading before) {
      return new Reading(
          ResourceUse.minus(readBytes, before.readBytes),
          ResourceUse.minus(writtenBytes, before.writtenBytes),
          ResourceUse.minus(reads, before.reads),
          ResourceUse.minus(writes, before.writes));
    }
  }

  /** The counts now, or {@link Reading#UNKNOWN} where they cannot be read (the cgroup is gone). */
  public Reading read() {
    try {
      if (version == 2) {
        return v2(Files.readString(dir.resolve("io.stat")), device);
      }
      long[] bytes = v1(Files.readAllLines(dir.resolve("blkio.throttle.io_service_bytes")), device);
      long[] ops = v1(Files.readAllLines(dir.resolve("blkio.throttle.io_serviced")), device);
      return new Reading(bytes[0], bytes[1], ops[0], ops[1]);
    } catch (IOException | RuntimeException e) {
      return Reading.UNKNOWN;
    }
  }

  /**
   * Reads and writes of {@code device} in a v1 throttle file ({@code 254:0 Read 4096}); 0 for a
   * device the throttle has not seen yet.
   */
  static long[] v1(List<String> lines, String device) {
    long[] ways = new long[2];
    for (String line : lines) {
      String[] f = line.strip().split("\\s+");
      int way = f.length == 3 && f[0].equals(device) ? List.of("Read", "Write").indexOf(f[1]) : -1;
      if (way >= 0) {
        ways[way] = Long.parseLong(f[2]);
      }
    }
    return ways;
  }

  /** {@code device}'s line of v2's {@code io.stat}; all 0 before it did any I/O. */
  static Reading v2(String stat, String device) {
    long[] f = new long[4];
    List<String> keys = List.of("rbytes", "wbytes", "rios", "wios");
    for (String line : stat.lines().toList()) {
      String[] parts = line.strip().split("\\s+");
      if (parts.length == 0 || !parts[0].equals(device)) {
        continue;
      }
      for (String part : parts) {
        int eq = part.indexOf('=');
        int key = eq < 0 ? -1 : keys.indexOf(part.substring(0, eq));
        if (key >= 0) {
          f[key] = Long.parseLong(part.substring(eq + 1));
        }
      }
    }
    return new Reading(f[0], f[1], f[2], f[3]);
  }
}
