package org.pgloadbench.server;

import static org.pgloadbench.server.CgroupHierarchy.Controller.IO;
import static org.pgloadbench.server.CgroupHierarchy.Controller.MEMORY;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.pgloadbench.metrics.CgroupFs;
import org.pgloadbench.metrics.DiskThrottle;
import org.pgloadbench.server.CgroupHierarchy.Controller;
import org.pgloadbench.variant.DiskLimit;

/**
 * The cgroup of the harness's own around one server, holding its limits: memory (v1 {@code
 * memory.limit_in_bytes}, v2 {@code memory.max}, swap excluded), so that every process the
 * postmaster forks, and the page cache they fill, live under it; and the disk (v1 {@code
 * blkio.throttle.*_device}, v2 {@code io.max}) on the block device that holds the server's data.
 * Under cgroup v1 each controller is a hierarchy of its own, so the server's cgroup is one
 * directory in each ({@link CgroupDir}); under v2 it is one directory. Each is created under the
 * harness's own cgroup (v1) or the nearest ancestor delegated to this user with the controllers on
 * (v2), named {@code pgloadbench-<harness pid>-<server>}.
 *
 * <p>Removed on every exit path: {@link #close} after the server stopped (also from the server's
 * shutdown hook on Ctrl-C); for a harness killed outright, a watchdog process started with each
 * directory stops the server's processes in it and removes it once the harness is gone; and the
 * next start removes any a dead harness left.
 *
 * @param parts its directories, one per hierarchy
 * @param memory the one holding the memory limit, or null for none
 * @param io the one holding the disk limit, or null for none
 * @param device the limited disk, {@code major:minor}, or null
 */
record ServerCgroup(List<CgroupDir> parts, CgroupDir memory, CgroupDir io, String device)
    implements AutoCloseable {
  ServerCgroup {
    parts = List.copyOf(parts);
  }

  /**
   * The cgroup of server {@code name} with its limits: memory {@code memoryBytes} (null: none), the
   * disk holding {@code dataDir} held to {@code disk} ({@link DiskLimit#NONE}: not held).
   */
  static ServerCgroup create(String name, Long memoryBytes, DiskLimit disk, Path dataDir)
      throws ServerException {
    String device = disk.isNone() ? null : BlockDevice.of(dataDir);
    CgroupHierarchy memoryWhere = memoryBytes == null ? null : CgroupHierarchy.local(MEMORY);
    CgroupHierarchy ioWhere = disk.isNone() ? null : CgroupHierarchy.local(IO);
    long owner = ProcessHandle.current().pid();
    return create(memoryWhere, ioWhere, name, memoryBytes, disk, device, owner);
  }

  /**
   * The cgroup of server {@code name} for a harness of process {@code owner}: the cgroup is named
   * after it, and its watchdog removes it once that process is gone.
   */
  static ServerCgroup create(
      CgroupHierarchy memoryWhere,
      CgroupHierarchy ioWhere,
      String name,
      Long memoryBytes,
      DiskLimit disk,
      String device,
      long owner)
      throws ServerException {
    if (memoryWhere != null
        && ioWhere != null
        && memoryWhere.version() == 2
        && !memoryWhere.equals(ioWhere)) {
      // a process is in one cgroup of a v2 tree: both limits must be on the same one
      throw new ServerException(
          ("the cgroup v2 delegated for memory (%s) is not the one delegated for io (%s); delegate"
                  + " both controllers to one, or leave the memory cap or the disk limit out")
              .formatted(memoryWhere.parent(), ioWhere.parent()));
    }
    List<CgroupDir> parts = new ArrayList<>();
    try {
      CgroupDir memory =
          memoryWhere == null ? null : CgroupDir.create(memoryWhere, MEMORY, name, owner);
      if (memory != null) {
        parts.add(memory);
        limit(memory, MEMORY, () -> memoryWhere.limit(memory.dir(), memoryBytes));
      }
      CgroupDir io =
          ioWhere == null
              ? null
              : ioWhere.equals(memoryWhere) ? memory : CgroupDir.create(ioWhere, IO, name, owner);
      if (io != null) {
        if (io != memory) {
          parts.add(io);
        }
        limit(io, IO, () -> ioWhere.throttle(io.dir(), disk, device));
      }
      return new ServerCgroup(parts, memory, io, device);
    } catch (ServerException | RuntimeException e) {
      parts.forEach(CgroupDir::close);
      throw e;
    }
  }

  private interface Limit {
    void write() throws IOException;
  }

  private static void limit(CgroupDir part, Controller controller, Limit limit)
      throws ServerException {
    try {
      limit.write();
    } catch (IOException e) {
      throw new ServerException(
          "cannot limit the %s of the cgroup %s: %s; %s"
              .formatted(controller.what, part.dir(), e.getMessage(), controller.remedy),
          e);
    }
  }

  /**
   * Why no server can be capped here, in one line, or null when one can: a cgroup is created,
   * limited, entered by a process and removed, as a capped server's would be.
   */
  static String whyNot() {
    return whyNot(64L << 20, DiskLimit.NONE, null, MEMORY);
  }

  /**
   * Why no server with its data under {@code workRoot} can have its disk limited here, or null when
   * one can: as {@link #whyNot()}, with a disk limit on the work root's device.
   */
  static String whyNotDisk(Path workRoot) {
    return whyNot(null, DiskLimit.parse("write=1GB/s").orElseThrow(), workRoot, IO);
  }

  /** Why a probe cgroup with these limits cannot be made and entered, or null when it can. */
  private static String whyNot(
      Long memoryBytes, DiskLimit disk, Path dataDir, Controller controller) {
    try (ServerCgroup probe = create("probe-" + System.nanoTime(), memoryBytes, disk, dataDir)) {
      Programs.Outcome entered = Programs.exec(probe.wrap(List.of("true")), 10);
      String output = entered == null ? "" : entered.output().strip();
      if (entered == null || entered.exit() != 0) {
        String said = output.isEmpty() ? "" : " (" + output.lines().findFirst().orElse("") + ")";
        return "a process cannot enter the %s cgroup %s%s; %s"
            .formatted(controller.what, probe.parts.get(0).dir(), said, controller.remedy);
      }
      return null;
    } catch (ServerException e) {
      return e.getMessage();
    } catch (IOException e) {
      return "cannot start a process in a cgroup: " + e.getMessage();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "interrupted while checking the cgroup";
    }
  }

  /**
   * How many of its processes the kernel has killed for the memory limit so far (v1 {@code
   * memory.oom_control}, v2 {@code memory.events}: {@code oom_kill}), or -1 where it does not say.
   */
  long oomKills() {
    if (memory == null) {
      return -1;
    }
    String file = memory.where().version() == 1 ? "memory.oom_control" : "memory.events";
    // null: gone, or a kernel that does not count them
    Long kills = CgroupFs.field(memory.dir().resolve(file), "oom_kill ");
    return kills == null ? -1 : kills;
  }

  /** What the disk's throttle counts, or null for a server whose disk is not limited. */
  DiskThrottle throttle() {
    return io == null ? null : new DiskThrottle(io.dir(), io.where().version(), device);
  }

  /** Where the server's cgroup is, as run.json records it. */
  String describe() {
    String dirs = String.join(" ", parts.stream().map(p -> p.dir().toString()).toList());
    return "cgroup v" + parts.get(0).where().version() + " " + dirs;
  }

  /** Where the server's disk limit is, as run.json records it: the cgroup and the device. */
  String describeDisk() {
    return "cgroup v" + io.where().version() + " " + io.dir() + ", device " + device;
  }

  /**
   * {@code command} as run from inside the cgroup: a shell enters each of its directories, then
   * becomes the command.
   */
  List<String> wrap(List<String> command) {
    StringBuilder script = new StringBuilder("echo $$ > \"$0/cgroup.procs\"");
    for (int i = 1; i < parts.size(); i++) {
      script.append(" && echo $$ > \"$").append(i).append("/cgroup.procs\"");
    }
    if (parts.size() > 1) {
      script.append(" && shift ").append(parts.size() - 1);
    }
    script.append(" && exec \"$@\"");
    List<String> wrapped = new ArrayList<>(List.of("sh", "-c", script.toString()));
    parts.forEach(p -> wrapped.add(p.dir().toString()));
    wrapped.addAll(command);
    return wrapped;
  }

  /** Removes the cgroup once the server's processes have left it (they are stopped by then). */
  @Override
  public void close() {
    parts.forEach(CgroupDir::close);
  }
}
