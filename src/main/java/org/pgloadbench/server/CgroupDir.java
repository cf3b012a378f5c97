package org.pgloadbench.server;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.pgloadbench.metrics.Clock;

/**
 * One directory of a server's cgroup, in one hierarchy ({@link ServerCgroup} holds one per
 * controller under cgroup v1, one in all under v2), and the watchdog that removes it: its life from
 * creation to removal on every exit path, a harness killed outright included.
 *
 * @param watchdog the process that removes the directory once the harness is gone, or null where
 *     none could start (the next start then cleans up)
 */
record CgroupDir(Path dir, CgroupHierarchy where, Process watchdog) implements AutoCloseable {
  static final String PREFIX = "pgloadbench-";

  /**
   * A new directory of server {@code name}'s cgroup under {@code where}, the hierarchy of {@code
   * controller} (an error names the cgroup by its v1 name and says its remedy), named after harness
   * {@code owner}, with its watchdog; first removes what harnesses that are gone left there.
   */
  static CgroupDir create(
      CgroupHierarchy where, CgroupHierarchy.Controller controller, String name, long owner)
      throws ServerException {
    String what = controller.v1;
    String remedy = controller.remedy;
    Path parent = where.parent();
    removeOrphans(parent);
    Path dir = parent.resolve(PREFIX + owner + "-" + name);
    try {
      Files.createDirectory(dir);
    } catch (FileAlreadyExistsException e) {
      throw new ServerException("the " + what + " cgroup " + dir + " exists already", e);
    } catch (IOException e) {
      throw new ServerException(
          "cannot create the " + what + " cgroup " + dir + ": " + e.getMessage() + "; " + remedy,
          e);
    }
    return new CgroupDir(dir, where, watchdog(dir, owner));
  }

  /** Removes the directory once the server's processes have left it (they are stopped by then). */
  @Override
  public void close() {
    if (watchdog != null) {
      watchdog.destroy();
    }
    remove(dir);
  }

  /**
   * A process outside the harness that, once the harness's JVM is gone (killed outright, no hook
   * ran), stops whatever still runs in the cgroup and removes it; it ends with the cgroup.
   */
  private static Process watchdog(Path dir, long owner) {
    String script =
        "while kill -0 \"$1\" 2>/dev/null && [ -d \"$0\" ]; do sleep 1; done; [ -d \"$0\" ] || exit"
            + " 0; kill -INT $(cat \"$0/cgroup.procs\") 2>/dev/null; i=0; while [ -s"
            + " \"$0/cgroup.procs\" ] && [ $i -lt 60 ]; do sleep 1; i=$((i+1)); done; kill -KILL"
            + " $(cat \"$0/cgroup.procs\") 2>/dev/null; sleep 1; rmdir \"$0\"";
    try {
      return new ProcessBuilder("setsid", "sh", "-c", script, dir.toString(), Long.toString(owner))
          .redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.DISCARD)
          .start();
    } catch (IOException e) {
      return null; // without one, the next start cleans up after a killed harness
    }
  }

  /**
   * Removes a cgroup: waits for its processes to leave (a stopped server's last ones exit within
   * moments), then, as they can only be the harness's own server's, kills what is left.
   */
  private static void remove(Path dir) {
    Path procs = dir.resolve("cgroup.procs");
    for (int attempt = 0; attempt < 100 && Files.exists(dir); attempt++) {
      List<Long> pids = pids(procs);
      if (attempt == 50) {
        pids.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
      }
      if (pids.isEmpty()) {
        try {
          Files.delete(dir);
          return;
        } catch (IOException e) {
          // busy a moment longer
        }
      }
      if (!Clock.pause(100)) {
        break;
      }
    }
    if (Files.exists(dir)) {
      System.err.println("pgloadbench: could not remove the cgroup " + dir);
    }
  }

  private static List<Long> pids(Path procs) {
    try {
      return Files.readAllLines(procs).stream()
          .filter(l -> !l.isBlank())
          .map(l -> Long.valueOf(l.strip()))
          .toList();
    } catch (IOException | RuntimeException e) {
      return List.of();
    }
  }

  /** Removes the cgroups of harnesses that are gone (their watchdog did not get to it). */
  static void removeOrphans(Path parent) {
    try (Stream<Path> dirs = Files.list(parent)) {
      for (Path dir : dirs.toList()) {
        String name = dir.getFileName().toString();
        if (name.startsWith(PREFIX)
            && Files.isDirectory(dir)
            && Postmasters.gone(name.substring(PREFIX.length()).split("-", 2)[0])) {
          remove(dir);
        }
      }
    } catch (IOException e) {
      // nothing to clean up where nothing can be listed
    }
  }
}
