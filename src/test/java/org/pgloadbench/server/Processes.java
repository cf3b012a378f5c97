package org.pgloadbench.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** Test helpers: whether a server process still runs. */
public final class Processes {
  private Processes() {}

  /**
   * Whether a process runs: it exists and is not a zombie (a stopped postmaster waiting for init).
   */
  public static boolean isRunning(long pid) throws IOException {
    try {
      String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
      return !stat.substring(stat.lastIndexOf(')') + 2).startsWith("Z");
    } catch (NoSuchFileException gone) {
      return false;
    }
  }

  /** Whether a process has ended within 5 s. */
  public static boolean hasEnded(long pid) throws Exception {
    for (int i = 0; i < 50 && isRunning(pid); i++) {
      Thread.sleep(100);
    }
    return !isRunning(pid);
  }
}
