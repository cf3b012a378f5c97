package org.pgloadbench.metrics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;
import java.util.stream.Stream;

/**
 * A server's resources as Linux's {@code /proc} counts them for a process and its descendants: the
 * postmaster forks every backend, parallel worker and autovacuum worker, and when it reaps one, the
 * kernel adds that child's CPU time ({@code cutime}, {@code cstime} in {@code stat}) and its I/O
 * ({@code /proc/<pid>/io}) to the postmaster's own. So the root's counters with its children's
 * folded in, plus every live descendant's, cover all the server's processes, those that exited
 * during a step included, and nothing of other servers.
 *
 * <p>Bytes come from {@code /proc/<pid>/io}: {@code read_bytes} counts reads that reached storage
 * (not the page cache), {@code write_bytes} bytes dirtied for writing, counted when handed to the
 * kernel, less {@code cancelled_write_bytes}, those of files truncated or removed before the kernel
 * wrote them (a sort's temporary files): what was left to reach the disk. Reading another user's
 * {@code io} needs root (or the same user): without, bytes are left out. CPU times are in clock
 * ticks of 1/100 s, which Linux fixes for {@code /proc} on every architecture the harness runs on.
 *
 * @param root gives the process the tree is under (read anew each time: a restart changes it)
 */
public record ProcessTree(LongSupplier root) implements ResourceMeter {
  private static final double TICKS_PER_SECOND = 100.0;
  private static final Path PROC = Path.of("/proc");

  @Override
  public ResourceUse read() {
    long pid = root.getAsLong();
    if (pid <= 0) {
      return ResourceUse.UNKNOWN;
    }
    long[] cpu = new long[2];
    long[] io = new long[2];
    boolean bytes = true;
    // The root first: a child that exits while the tree is read is then missed in this reading
    // (and found, folded into the root, in the next) rather than counted twice.
    List<Long> tree = new ArrayList<>(List.of(pid));
    for (int i = 0; i < tree.size(); i++) {
      long p = tree.get(i);
      long[] ticks = ticks(p);
      if (ticks == null) {
        if (i == 0) {
          return ResourceUse.UNKNOWN; // the root is gone
        }
        continue;
      }
      cpu[0] += ticks[0];
      cpu[1] += ticks[1];
      if (bytes) {
        long[] b = io(p);
        if (b == null && i == 0) {
          bytes = false;
        } else if (b != null) {
          io[0] += b[0];
          io[1] += b[1];
        }
      }
      tree.addAll(children(p));
    }
    return new ResourceUse(
        cpu[0] / TICKS_PER_SECOND,
        cpu[1] / TICKS_PER_SECOND,
        bytes ? io[0] : null,
        bytes ? io[1] : null);
  }

  @Override
  public List<String> missing() {
    long pid = root.getAsLong();
    if (pid > 0 && ticks(pid) != null && io(pid) == null) {
      return List.of(
          "bytes read and written: /proc/"
              + pid
              + "/io may not be read by this user (run as the servers' user or as root)");
    }
    return List.of();
  }

  /**
   * A {@code stat} file's fields after the command name, which may hold spaces and parentheses:
   * from the last ')'.
   */
  private static String[] statFields(Path stat) throws IOException {
    String text = Files.readString(stat);
    return text.substring(text.lastIndexOf(')') + 2).split(" ");
  }

  /** User and system ticks of a process with its reaped children's, or null when it is gone. */
  private long[] ticks(long pid) {
    try {
      String[] f = statFields(PROC.resolve(pid + "/stat"));
      // after the name: state(3) ... utime(14) stime(15) cutime(16) cstime(17), counted from 3
      return new long[] {
        Long.parseLong(f[11]) + Long.parseLong(f[13]), Long.parseLong(f[12]) + Long.parseLong(f[14])
      };
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** {@code read_bytes} and the net {@code write_bytes}, or null when they may not be read. */
  private long[] io(long pid) {
    try {
      long[] bytes = new long[2];
      for (String line : Files.readAllLines(PROC.resolve(pid + "/io"))) {
        if (line.startsWith("read_bytes:")) {
          bytes[0] = Long.parseLong(line.substring(11).strip());
        } else if (line.startsWith("write_bytes:")) {
          bytes[1] += Long.parseLong(line.substring(12).strip());
        } else if (line.startsWith("cancelled_write_bytes:")) {
          bytes[1] -= Long.parseLong(line.substring(22).strip());
        }
      }
      return bytes;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** The process's children, from {@code task/<pid>/children}, else by a scan of every ppid. */
  private List<Long> children(long pid) {
    Path file = PROC.resolve(pid + "/task/" + pid + "/children");
    try {
      String text = Files.readString(file).strip();
      return text.isEmpty() ? List.of() : Stream.of(text.split("\\s+")).map(Long::valueOf).toList();
    } catch (IOException | RuntimeException e) {
      return scanChildren(pid);
    }
  }

  private List<Long> scanChildren(long pid) {
    List<Long> children = new ArrayList<>();
    try (Stream<Path> all = Files.list(PROC)) {
      for (Path p : all.toList()) {
        String name = p.getFileName().toString();
        if (!name.chars().allMatch(Character::isDigit)) {
          continue;
        }
        try {
          if (Long.parseLong(statFields(p.resolve("stat"))[1]) == pid) {
            children.add(Long.valueOf(name));
          }
        } catch (IOException | RuntimeException e) {
          // gone meanwhile
        }
      }
    } catch (IOException e) {
      // no /proc to list
    }
    return children;
  }
}
