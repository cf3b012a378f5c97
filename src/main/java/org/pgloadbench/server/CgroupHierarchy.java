package org.pgloadbench.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.pgloadbench.metrics.CgroupFs;
import org.pgloadbench.variant.DiskLimit;

/**
 * Where capped or throttled servers' cgroups go on this machine for one controller, and how a limit
 * is written there. Under v1 each controller is a hierarchy of its own (a server enters one cgroup
 * in each); under v2 one tree holds them all.
 *
 * @param parent the directory the cgroups are created in
 * @param version 1 or 2
 */
record CgroupHierarchy(Path parent, int version) {
  /**
   * A controller a server's cgroup limits it with: its v1 hierarchy's name, its v2 name, what it
   * limits and what to do where it cannot.
   */
  enum Controller {
    MEMORY(
        "memory",
        "memory",
        "memory",
        "run as root, or where a memory cgroup is delegated to you (cgroup v2), or leave the memory"
            + " cap out"),
    IO(
        "blkio",
        "io",
        "disk",
        "run as root, or where a cgroup with the io controller is delegated to you (cgroup v2), or"
            + " leave the disk limit out");

    final String v1;
    final String v2;
    final String what;
    final String remedy;

    Controller(String v1, String v2, String what, String remedy) {
      this.v1 = v1;
      this.v2 = v2;
      this.what = what;
      this.remedy = remedy;
    }
  }

  /** This machine's, for this process; throws with what to do when there is none to write. */
  static CgroupHierarchy local(Controller controller) throws ServerException {
    CgroupFs fs = CgroupFs.local();
    String self;
    try {
      self = Files.readString(Path.of("/proc/self/cgroup"));
    } catch (IOException e) {
      throw new ServerException(
          "no cgroups on this machine to limit a server with; " + controller.remedy);
    }
    return find(fs, self, controller);
  }

  /**
   * v1: the controller's hierarchy's cgroup of this process, where child cgroups may go. v2: from
   * this process's cgroup up, the nearest writable ancestor that gives its children the controller
   * (a cgroup holding processes, as this one does, may not).
   */
  static CgroupHierarchy find(CgroupFs fs, String self, Controller controller)
      throws ServerException {
    Path v1 = fs.v1Dir(controller.v1, self);
    if (v1 != null) {
      if (!Files.isWritable(v1)) {
        throw new ServerException(
            "the %s cgroup %s (cgroup v1) is not writable by this user; %s"
                .formatted(controller.v1, v1, controller.remedy));
      }
      return new CgroupHierarchy(v1, 1);
    }
    Path own = fs.v2Dir(self);
    if (own == null) {
      throw new ServerException(
          "no " + controller.v1 + " cgroup hierarchy on this machine; " + controller.remedy);
    }
    for (Path dir = own.getParent(); dir != null && dir.startsWith(fs.v2()); ) {
      if (Files.isWritable(dir) && delegates(dir, controller.v2)) {
        return new CgroupHierarchy(dir, 2);
      }
      dir = dir.equals(fs.v2()) ? null : dir.getParent();
    }
    throw new ServerException(
        ("no cgroup v2 above %s is writable by this user with the %s controller on for its"
                + " children; %s")
            .formatted(own, controller.v2, controller.remedy));
  }

  private static boolean delegates(Path dir, String controller) {
    try {
      return List.of(Files.readString(dir.resolve("cgroup.subtree_control")).strip().split(" "))
          .contains(controller);
    } catch (IOException e) {
      return false;
    }
  }

  /** Writes the limit; swap may not extend it where the machine has any. */
  void limit(Path dir, long bytes) throws IOException {
    if (version == 1) {
      Files.writeString(dir.resolve("memory.limit_in_bytes"), Long.toString(bytes));
      writeIfPresent(dir.resolve("memory.memsw.limit_in_bytes"), Long.toString(bytes));
    } else {
      Files.writeString(dir.resolve("memory.max"), Long.toString(bytes));
      writeIfPresent(dir.resolve("memory.swap.max"), "0");
    }
  }

  /**
   * Writes the disk limit for {@code device} ({@code major:minor}): v1's {@code
   * blkio.throttle.*_device}, one file per limited way; v2's {@code io.max}.
   */
  void throttle(Path dir, DiskLimit disk, String device) throws IOException {
    if (version == 1) {
      for (String[] line : v1Lines(disk, device)) {
        Files.writeString(dir.resolve(line[0]), line[1]);
      }
    } else {
      Files.writeString(dir.resolve("io.max"), v2Line(disk, device));
    }
  }

  /**
   * The limits as {@code <file> <figure>} pairs for device {@code device} ({@code major:minor}):
   * v1's {@code blkio.throttle.*_device} files, each with its line.
   */
  static List<String[]> v1Lines(DiskLimit disk, String device) {
    List<String> ways = List.of("read_bps", "write_bps", "read_iops", "write_iops");
    long[] values = {disk.readBytes(), disk.writeBytes(), disk.readIops(), disk.writeIops()};
    List<String[]> lines = new ArrayList<>();
    for (int way = 0; way < values.length; way++) {
      if (values[way] > 0) {
        String file = "blkio.throttle." + ways.get(way) + "_device";
        lines.add(new String[] {file, device + " " + values[way]});
      }
    }
    return lines;
  }

  /** v2's {@code io.max} line for device {@code major:minor}. */
  static String v2Line(DiskLimit disk, String device) {
    return String.format(
        Locale.ROOT,
        "%s rbps=%s wbps=%s riops=%s wiops=%s",
        device,
        max(disk.readBytes()),
        max(disk.writeBytes()),
        max(disk.readIops()),
        max(disk.writeIops()));
  }

  private static String max(long value) {
    return value == 0 ? "max" : Long.toString(value);
  }

  private static void writeIfPresent(Path file, String value) {
    try {
      if (Files.exists(file)) {
        Files.writeString(file, value);
      }
    } catch (IOException e) {
      // no swap accounting: nothing to limit
    }
  }
}
