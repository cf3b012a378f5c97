package org.pgloadbench.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A memory cgroup of the harness's own around one server: the postmaster starts in it, so every
 * process it forks, and the page cache they fill, live under its limit (v1 {@code
 * memory.limit_in_bytes}, v2 {@code memory.max}, swap excluded). Created under the harness's own
 * cgroup (v1) or the nearest ancestor delegated to this user with the memory controller on (v2),
 * named {@code pgloadbench-<harness pid>-<server>}.
 *
 * <p>Removed on every exit path: {@link #close} after the server stopped (also from the server's
 * shutdown hook on Ctrl-C); for a harness killed outright, a watchdog process started with the
 * cgroup stops the server's processes in it and removes it once the harness is gone; and the next
 * start removes any a dead harness left.
 */
final class MemoryCgroup implements AutoCloseable {
  static final String PREFIX = "pgloadbench-";

  private final Path dir;
  private final int version;
  private final Process watchdog;

  private MemoryCgroup(Path dir, int version, Process watchdog) {
    this.dir = dir;
    this.version = version;
    this.watchdog = watchdog;
  }

  /** Creates the cgroup of server {@code name}, limited to {@code bytes}. */
  static MemoryCgroup create(String name, long bytes) throws ServerException {
    return create(CgroupHierarchy.local(), name, bytes, ProcessHandle.current().pid());
  }

  /**
   * As {@link #create(String, long)}, for a harness of process {@code owner}: the cgroup is named
   * after it, and its watchdog removes it once that process is gone.
   */
  static MemoryCgroup create(CgroupHierarchy where, String name, long bytes, long owner)
      throws ServerException {
    Path parent = where.parent();
    removeOrphans(parent);
    Path dir = parent.resolve(PREFIX + owner + "-" + name);
    try {
      Files.createDirectory(dir);
    } catch (java.nio.file.FileAlreadyExistsException e) {
      throw new ServerException("the memory cgroup " + dir + " exists already", e);
    } catch (IOException e) {
      throw new ServerException(
          "cannot create the memory cgroup " + dir + ": " + e.getMessage() + "; " + REMEDY, e);
    }
    try {
      where.limit(dir, bytes);
      return new MemoryCgroup(dir, where.version(), watchdog(dir, owner));
    } catch (IOException e) {
      remove(dir);
      throw new ServerException(
          "cannot limit the memory cgroup " + dir + ": " + e.getMessage() + "; " + REMEDY, e);
    }
  }

  static final String REMEDY =
      "run as root, or where a memory cgroup is delegated to you (cgroup v2), or leave the memory"
          + " cap out";

  /**
   * Why no server can be capped here, in one line, or null when one can: a cgroup is created,
   * limited, entered by a process and removed, as a capped server's would be.
   */
  static String whyNot() {
    try (MemoryCgroup probe = create("probe-" + System.nanoTime(), 64L << 20)) {
      List<String> command = probe.wrap(List.of("true"));
      Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
      String output = new String(p.getInputStream().readAllBytes()).strip();
      if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
        return "a process cannot enter the memory cgroup "
            + probe.dir
            + (output.isEmpty() ? "" : " (" + output.lines().findFirst().orElse("") + ")")
            + "; "
            + REMEDY;
      }
      return null;
    } catch (ServerException e) {
      return e.getMessage();
    } catch (IOException e) {
      return "cannot start a process in a memory cgroup: " + e.getMessage();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "interrupted while checking the memory cgroup";
    }
  }

  Path dir() {
    return dir;
  }

  /**
   * How many of its processes the kernel has killed for the limit so far (v1 {@code
   * memory.oom_control}, v2 {@code memory.events}: {@code oom_kill}), or -1 where it does not say.
   */
  long oomKills() {
    Path file = dir.resolve(version == 1 ? "memory.oom_control" : "memory.events");
    try {
      for (String line : Files.readAllLines(file)) {
        if (line.startsWith("oom_kill ")) {
          return Long.parseLong(line.substring(9).strip());
        }
      }
    } catch (IOException | RuntimeException e) {
      // gone, or a kernel that does not count them
    }
    return -1;
  }

  /** Where the server's cgroup is, as run.json records it. */
  String describe() {
    return "cgroup v" + version + " " + dir;
  }

  /** {@code command} as run from inside the cgroup: a shell enters it, then becomes the command. */
  List<String> wrap(List<String> command) {
    List<String> wrapped =
        new ArrayList<>(
            List.of("sh", "-c", "echo $$ > \"$0/cgroup.procs\" && exec \"$@\"", dir.toString()));
    wrapped.addAll(command);
    return wrapped;
  }

  /** Removes the cgroup once the server's processes have left it (they are stopped by then). */
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
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    if (Files.exists(dir)) {
      System.err.println("pgloadbench: could not remove the memory cgroup " + dir);
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
        if (!name.startsWith(PREFIX) || !Files.isDirectory(dir)) {
          continue;
        }
        String pid = name.substring(PREFIX.length()).split("-", 2)[0];
        if (pid.chars().allMatch(Character::isDigit)
            && !pid.isEmpty()
            && !ProcessHandle.of(Long.parseLong(pid)).map(ProcessHandle::isAlive).orElse(false)) {
          remove(dir);
        }
      }
    } catch (IOException e) {
      // nothing to clean up where nothing can be listed
    }
  }
}
