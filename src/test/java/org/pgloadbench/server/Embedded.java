package org.pgloadbench.server;

import java.nio.file.Path;

/** Test helper: the embedded servers a run starts, under {@code workRoot}, without valgrind. */
public final class Embedded {
  private Embedded() {}

  public static EmbeddedTarget target(Path workRoot) {
    return new EmbeddedTarget(workRoot, null);
  }
}
