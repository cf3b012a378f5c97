package org.pgloadbench.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/** Test helper: work roots the servers' user can reach. */
public final class WorkRoots {
  private WorkRoots() {}

  /**
   * Opens {@code dir} (a JUnit temp dir, 0700) for passage (0711) and returns it, for a work root
   * inside it: as root the servers run as another user (see {@link ProcessIsolation}), who must
   * pass through every directory above its own. The harness opens the work root itself.
   */
  public static Path enterable(Path dir) {
    try {
      WorkRoot.allowPassage(dir);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return dir;
  }
}
