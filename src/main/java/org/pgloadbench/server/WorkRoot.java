package org.pgloadbench.server;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The directory the servers' data directories go in. Whoever controls it controls the servers'
 * data, configuration and pid files, so it must belong to the user running the harness and nobody
 * else: it is created 0700, and an existing one is refused when another user owns it, when group or
 * others may write to it, or when it is a symbolic link.
 */
public final class WorkRoot {
  private WorkRoot() {}

  /** Deletes {@code dir} and everything in it; nothing when it does not exist. */
  public static void delete(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }

  /**
   * The default: {@code pgloadbench} in the user's cache directory ({@code $XDG_CACHE_HOME}, else
   * {@code ~/.cache}). Not the system temp dir, where another user can take a predictable name
   * first; not {@code $XDG_RUNTIME_DIR}, a small tmpfs in memory, where a load would neither fit
   * nor measure the disk.
   */
  public static Path defaultLocation() {
    String cache = System.getenv("XDG_CACHE_HOME");
    Path base =
        cache != null && Path.of(cache).isAbsolute()
            ? Path.of(cache)
            : Path.of(System.getProperty("user.home"), ".cache");
    return base.resolve("pgloadbench");
  }

  /**
   * Creates {@code root} (0700) when it does not exist, then checks that it is safe to use; returns
   * its absolute path.
   */
  public static Path prepare(Path root) throws ServerException {
    Path dir = root.toAbsolutePath().normalize();
    try {
      if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
        Files.createDirectories(dir.getParent());
        try {
          Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(ownerOnly()));
        } catch (FileAlreadyExistsException raced) {
          // checked below like any existing directory
        }
      }
      check(dir);
      return dir;
    } catch (IOException e) {
      throw new ServerException(
          "work dir " + dir + ": cannot create it (" + e.getMessage() + "); give --work-dir DIR");
    }
  }

  /** Refuses a work root another user could write to, or swap for somewhere else. */
  static void check(Path dir) throws ServerException, IOException {
    String refuse = "work dir " + dir + ": ";
    String remedy = "; give --work-dir a directory of your own";
    if (Files.isSymbolicLink(dir)) {
      throw new ServerException(refuse + "is a symbolic link" + remedy);
    }
    if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
      throw new ServerException(refuse + "is not a directory" + remedy);
    }
    int owner = (Integer) Files.getAttribute(dir, "unix:uid", LinkOption.NOFOLLOW_LINKS);
    if (owner != currentUid()) {
      throw new ServerException(
          refuse + "belongs to another user (uid " + owner + ")" + remedy + ", or remove it");
    }
    Set<PosixFilePermission> permissions =
        Files.getPosixFilePermissions(dir, LinkOption.NOFOLLOW_LINKS);
    if (permissions.contains(PosixFilePermission.GROUP_WRITE)
        || permissions.contains(PosixFilePermission.OTHERS_WRITE)) {
      throw new ServerException(
          refuse
              + "other users may write to it (mode "
              + PosixFilePermissions.toString(permissions)
              + "); chmod go-w it, or give --work-dir a directory of your own");
    }
  }

  /**
   * Lets others pass through (not list) the work root: setpriv's server user enters its own dir.
   */
  static void allowPassage(Path dir) throws IOException {
    Set<PosixFilePermission> permissions =
        Files.getPosixFilePermissions(dir, LinkOption.NOFOLLOW_LINKS);
    if (permissions.add(PosixFilePermission.OTHERS_EXECUTE)) {
      Files.setPosixFilePermissions(dir, permissions);
    }
  }

  static Set<PosixFilePermission> ownerOnly() {
    return PosixFilePermissions.fromString("rwx------");
  }

  /** The uid this process runs as: /proc/self belongs to it. */
  static int currentUid() throws IOException {
    return (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
  }
}
