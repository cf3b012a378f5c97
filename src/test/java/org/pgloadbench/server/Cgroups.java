package org.pgloadbench.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Test helpers: whether servers can be capped here, and the memory cgroups a harness left. */
public final class Cgroups {
  private Cgroups() {}

  /** Why no server can be capped on this machine, or null when one can. */
  public static String whyNoCap() {
    return ServerCgroup.whyNot();
  }

  /** The memory cgroups of the harness of process {@code pid} that still exist. */
  public static List<Path> leftBy(long pid) throws IOException, ServerException {
    try (Stream<Path> dirs = Files.list(CgroupHierarchy.local().parent())) {
      return dirs.filter(
              d -> d.getFileName().toString().startsWith(ServerCgroup.PREFIX + pid + "-"))
          .toList();
    }
  }
}
