package org.pgloadbench.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The start option that runs a server's postmaster, and so every process it forks, under valgrind's
 * callgrind, which counts the instructions each process executes. Only the postmaster runs under
 * it: pg_ctl is handed a wrapper in the place of {@code postgres} ({@code pg_ctl -p}), initdb runs
 * the real binary. Callgrind writes a process's count when the process calls one of two
 * SQL-callable functions nothing else calls, {@value #ZERO_MARKER} (counting starts again from
 * zero) and {@value #DUMP_MARKER} (the count since is written to a file): see {@link
 * CallgrindCounter}. Each backend writes its own counts, so a step's count is exactly its sessions'
 * work.
 */
public final class Valgrind {
  /** The function whose call zeroes a backend's count (it returns the trigger depth, 0). */
  static final String ZERO_MARKER = "pg_trigger_depth";

  /** The function whose call writes a backend's count since the last zero to a file. */
  static final String DUMP_MARKER = "pg_conf_load_time";

  /** Where in a server's directory the counts go. */
  static final String COUNTS_DIR = "callgrind";

  static final String WRAPPER = "postgres-under-valgrind";

  /**
   * The settings a counted server runs with, whatever the scenario says: autovacuum would run in
   * processes no step owns, and parallel workers are processes of their own whose counts would have
   * to be found; without them a step's work is its sessions' backends' work.
   */
  public static final Map<String, String> SETTINGS =
      Map.of(
          "autovacuum", "off",
          "max_parallel_maintenance_workers", "0",
          "max_parallel_workers_per_gather", "0");

  /** The first arguments with which initdb and pg_ctl run postgres for something else. */
  private static final List<String> PASSED_THROUGH =
      List.of("--boot", "--single", "--check", "-C", "-V", "--version", "--describe-config");

  /** The option itself: valgrind is looked for on the PATH when a server starts. */
  public static final Valgrind CALLGRIND = new Valgrind();

  private Valgrind() {}

  /** Valgrind as found on the PATH; a missing one in one line naming the package to install. */
  private static Path onPath() throws ServerException {
    for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin").split(":")) {
      Path candidate = Path.of(dir.isEmpty() ? "." : dir, "valgrind");
      if (Files.isExecutable(candidate)) {
        return candidate.toAbsolutePath();
      }
    }
    throw new ServerException(NOT_INSTALLED);
  }

  private static final String NOT_INSTALLED =
      "counting instructions needs valgrind, which is not installed; install it (Debian and"
          + " Ubuntu: apt-get install valgrind) or leave INSTRUCTIONS out";

  /** Why instructions cannot be counted here, in one line with what to do; null when they can. */
  public static String whyNot() {
    try {
      Programs.Outcome version = Programs.exec(List.of("valgrind", "--version"), 30);
      if (version == null) {
        return "valgrind --version did not answer in 30 s";
      }
      return version.exit() == 0 ? null : NOT_INSTALLED;
    } catch (IOException e) {
      return NOT_INSTALLED;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "interrupted while looking for valgrind";
    }
  }

  /** The settings with this option's own on top (see {@link #SETTINGS}). */
  static Map<String, String> settings(Map<String, String> given) {
    Map<String, String> all = new LinkedHashMap<>(given);
    new TreeMap<>(SETTINGS).forEach(all::put); // in one order, so postgresql.conf reads the same
    return all;
  }

  /**
   * Writes, in the server's directory {@code dir}, the wrapper pg_ctl runs in the place of {@code
   * postgres}, and the directory the counts go to (the server's user's).
   *
   * @return the wrapper
   */
  Path prepare(Path dir, Path postgres, ProcessIsolation isolation) throws ServerException {
    Path counts = dir.resolve(COUNTS_DIR);
    Path wrapper = dir.resolve(WRAPPER);
    String real = quoted(postgres.toAbsolutePath().toString());
    String script =
        """
        #!/bin/sh
        # pgloadbench: the postmaster under callgrind, counting instructions; what initdb and \
        pg_ctl ask of postgres runs it directly
        case "$1" in
          %s) exec %s "$@" ;;
        esac
        exec %s --tool=callgrind --trace-children=yes -q --dump-line=no --zero-before=%s \
        --dump-before=%s --callgrind-out-file=%s %s "$@"
        """
            .formatted(
                String.join("|", PASSED_THROUGH),
                real,
                quoted(onPath().toString()),
                ZERO_MARKER,
                DUMP_MARKER,
                quoted(counts.resolve("cg.%p").toString()),
                real);
    try {
      Files.createDirectory(
          counts,
          PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
      Files.writeString(wrapper, script);
      Files.setPosixFilePermissions(wrapper, PosixFilePermissions.fromString("r-xr-xr-x"));
      isolation.handOver(counts);
    } catch (IOException e) {
      throw new ServerException("cannot prepare valgrind in " + dir + ": " + e.getMessage(), e);
    }
    return wrapper;
  }

  /** A word for sh: single-quoted, a quote inside closed, escaped and reopened. */
  private static String quoted(String word) {
    return "'" + word.replace("'", "'\\''") + "'";
  }
}
