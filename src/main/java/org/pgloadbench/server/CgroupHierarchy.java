package org.pgloadbench.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.pgloadbench.metrics.CgroupFs;

/**
 * Where capped servers' cgroups go on this machine, and how a limit is written there.
 *
 * @param parent the directory the cgroups are created in
 * @param version 1 or 2
 */
record CgroupHierarchy(Path parent, int version) {
  /** This machine's, for this process; throws with what to do when there is none to write. */
  static CgroupHierarchy local() throws ServerException {
    CgroupFs fs = CgroupFs.local();
    String self;
    try {
      self = Files.readString(Path.of("/proc/self/cgroup"));
    } catch (IOException e) {
      throw new ServerException("no cgroups on this machine to cap a server's memory with");
    }
    return find(fs, self);
  }

  /**
   * v1: the memory hierarchy's cgroup of this process, where child cgroups may go. v2: from this
   * process's cgroup up, the nearest writable ancestor that gives its children the memory
   * controller (a cgroup holding processes, as this one does, may not).
   */
  static CgroupHierarchy find(CgroupFs fs, String self) throws ServerException {
    Path v1 = fs.v1Dir("memory", self);
    if (v1 != null) {
      if (!Files.isWritable(v1)) {
        throw new ServerException(
            "the memory cgroup "
                + v1
                + " (cgroup v1) is not writable by this user; "
                + MemoryCgroup.REMEDY);
      }
      return new CgroupHierarchy(v1, 1);
    }
    Path own = fs.v2Dir(self);
    if (own == null) {
      throw new ServerException(
          "no memory cgroup hierarchy on this machine; " + MemoryCgroup.REMEDY);
    }
    for (Path dir = own.getParent(); dir != null && dir.startsWith(fs.v2()); ) {
      if (Files.isWritable(dir) && delegatesMemory(dir)) {
        return new CgroupHierarchy(dir, 2);
      }
      dir = dir.equals(fs.v2()) ? null : dir.getParent();
    }
    throw new ServerException(
        "no cgroup v2 above "
            + own
            + " is writable by this user with the memory controller on for its children; "
            + MemoryCgroup.REMEDY);
  }

  private static boolean delegatesMemory(Path dir) {
    try {
      return List.of(Files.readString(dir.resolve("cgroup.subtree_control")).strip().split(" "))
          .contains("memory");
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
