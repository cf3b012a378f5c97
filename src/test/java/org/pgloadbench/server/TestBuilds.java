package org.pgloadbench.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;

/** Test helper: builds of one's own, as copies of the embedded binaries of a version. */
public final class TestBuilds {
  private TestBuilds() {}

  /**
   * A copy of the embedded binaries of {@code version} in {@code into} (which must not exist, in a
   * directory the servers' user can enter); returns its bin dir, for BUILDS=.
   */
  public static Path copyOfEmbedded(String version, Path into) throws IOException, ServerException {
    PostgresDistributions binaries = PostgresDistributions.fromSystemProperty();
    Path home = binaries.install(binaries.resolve(version));
    try (Stream<Path> paths = Files.walk(home)) {
      for (Path from : paths.toList()) {
        Path to = into.resolve(home.relativize(from).toString());
        if (Files.isDirectory(from, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
          Files.createDirectories(to);
        } else {
          Files.copy(
              from,
              to,
              StandardCopyOption.COPY_ATTRIBUTES,
              java.nio.file.LinkOption.NOFOLLOW_LINKS);
        }
      }
    }
    return into.resolve("bin");
  }
}
