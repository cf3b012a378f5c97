package org.pgloadbench.scenario;

import java.util.List;
import org.pgloadbench.server.Versions;
import org.pgloadbench.variant.DiskLimit;

/**
 * The one rule between disk limits and versions: a cell whose disk limit asks for direct I/O
 * ({@code io=direct}) runs only on PostgreSQL {@value DiskLimit#DIRECT_IO_SINCE} and later.
 * Checked where the versions are known, at load and again after PG=; a build's version is checked
 * when it starts.
 */
final class DirectIo {
  private DirectIo() {}

  /** Why the first direct-I/O cell cannot run on one of {@code versions}, or null. */
  static String unfit(List<Cell> cells, List<String> versions) {
    for (Cell cell : cells) {
      DiskLimit disk = cell.variant().disk();
      for (String version : versions) {
        if (ServersSpec.VERSION.matcher(version).matches()) {
          String why = disk.whyNot(Versions.major(version));
          if (why != null) {
            return "cell " + cell.label() + " on PostgreSQL " + version + ": " + why;
          }
        }
      }
    }
    return null;
  }
}
