package org.pgloadbench.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The postmasters of data directories the harness made: found through their pid files, and only
 * trusted once the process's command line shows it is the postmaster of that very directory (a pid
 * file alone may be stale, or planted, and name any process).
 */
final class Postmasters {
  private Postmasters() {}

  /** The pid of {@code data}'s running postmaster, or 0 when none runs. */
  static long of(Path data) {
    try {
      String pidFile = ServerFiles.read(data.resolve("postmaster.pid"));
      long pid = Long.parseLong(pidFile.lines().findFirst().orElse("").strip());
      return isPostmasterOf(pid, data) ? pid : 0;
    } catch (IOException | RuntimeException e) {
      return 0;
    }
  }

  /** Kills the postmaster of {@code data}, if one runs. */
  static void kill(Path data) {
    long pid = of(data);
    if (pid > 0) {
      ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
    }
  }

  /** Whether process {@code pid}'s command line is {@code .../postgres ... -D <data> ...}. */
  static boolean isPostmasterOf(long pid, Path data) {
    try {
      String[] args =
          new String(
                  Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline")),
                  StandardCharsets.UTF_8)
              .split("\0");
      if (args.length < 3 || !Path.of(args[0]).getFileName().toString().equals("postgres")) {
        return false;
      }
      Path expected = data.toAbsolutePath().normalize();
      for (int i = 1; i + 1 < args.length; i++) {
        if (args[i].equals("-D")
            && Path.of(args[i + 1]).toAbsolutePath().normalize().equals(expected)) {
          return true;
        }
      }
      return false;
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  /**
   * Stops servers (and standbys) whose harness JVM died without stopping them (killed with SIGKILL,
   * say): their directories are named after that JVM's pid.
   */
  static void stopOrphans(Path workRoot) {
    if (!Files.isDirectory(workRoot)) {
      return;
    }
    try (Stream<Path> dirs = Files.list(workRoot)) {
      for (Path dir : dirs.toList()) {
        String name = dir.getFileName().toString();
        if (name.indexOf('-') > 0 && gone(name.substring(0, name.indexOf('-')))) {
          kill(dir.resolve("data"));
          WorkRoot.delete(dir);
        }
      }
    } catch (IOException | RuntimeException e) {
      System.err.println("pgloadbench: could not clean up " + workRoot + ": " + e.getMessage());
    }
  }

  /** Whether {@code pid}, as a directory's name begins with it, is a process that is gone. */
  static boolean gone(String pid) {
    return !pid.isEmpty()
        && pid.chars().allMatch(Character::isDigit)
        && !ProcessHandle.of(Long.parseLong(pid)).map(ProcessHandle::isAlive).orElse(false);
  }
}
