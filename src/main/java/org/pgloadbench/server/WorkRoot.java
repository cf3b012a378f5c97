package org.pgloadbench.server;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The directory the servers' data directories go in. Whoever controls it controls the servers'
 * data, configuration and pid files, so it must belong to the user running the harness and nobody
 * else: it is created 0700, and an existing one is refused when another user owns it, when group or
 * others may write to it, or when it is a symbolic link.
 */
public final class WorkRoot {
  /**
   * Root's default work root, and where root extracts the server binaries: root's own {@code
   * ~/.cache} lies in a 0700 home that the servers' user (see {@link ProcessIsolation}) cannot
   * enter.
   */
  static final Path ROOT_CACHE = Path.of("/var/cache/pgloadbench");

  private static final String REMEDY = "give --work-dir a directory of your own";

  private WorkRoot() {}

  /**
   * Deletes {@code dir} and everything in it; nothing when it does not exist. As root, the tree is
   * a server's, whose user may swap a directory for a symbolic link while it is deleted: every
   * entry is opened relative to its parent's open directory without following links, so nothing
   * outside {@code dir} can be reached.
   */
  public static void delete(Path dir) throws IOException {
    Path absolute = dir.toAbsolutePath().normalize();
    Path parent = absolute.getParent();
    if (parent == null || !Files.exists(absolute, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    try (DirectoryStream<Path> stream = Files.newDirectoryStream(parent)) {
      if (!(stream instanceof SecureDirectoryStream<Path> secure)) {
        throw new IOException("cannot delete " + dir + " safely: no secure directory streams");
      }
      deleteEntry(secure, absolute.getFileName());
    }
  }

  /**
   * Deletes {@code name} in the open directory {@code parent}: a directory with its contents. An
   * entry gone meanwhile (a server process exiting removes its files) is left gone.
   */
  private static void deleteEntry(SecureDirectoryStream<Path> parent, Path name)
      throws IOException {
    try {
      boolean directory =
          parent
              .getFileAttributeView(name, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
              .readAttributes()
              .isDirectory();
      if (!directory) {
        parent.deleteFile(name); // a symbolic link itself, never its target
        return;
      }
      // a directory swapped for a link since the check above fails to open here (O_NOFOLLOW)
      try (SecureDirectoryStream<Path> child =
          parent.newDirectoryStream(name, LinkOption.NOFOLLOW_LINKS)) {
        List<Path> names = new ArrayList<>();
        for (Path entry : child) {
          names.add(entry.getFileName());
        }
        for (Path entry : names) {
          deleteEntry(child, entry);
        }
      }
      parent.deleteDirectory(name);
    } catch (NoSuchFileException gone) {
      // nothing left to delete
    }
  }

  /**
   * The default: {@code pgloadbench} in the user's cache directory ({@code $XDG_CACHE_HOME}, else
   * {@code ~/.cache}; for root without {@code $XDG_CACHE_HOME}, {@link #ROOT_CACHE}). Not the
   * system temp dir, where another user can take a predictable name first; not {@code
   * $XDG_RUNTIME_DIR}, a small tmpfs in memory, where a load would neither fit nor measure the
   * disk.
   */
  public static Path defaultLocation() {
    return defaultLocation(
        System.getenv("XDG_CACHE_HOME"), isRoot(), System.getProperty("user.home"));
  }

  static Path defaultLocation(String xdgCacheHome, boolean root, String home) {
    if (xdgCacheHome != null && Path.of(xdgCacheHome).isAbsolute()) {
      return Path.of(xdgCacheHome).resolve("pgloadbench");
    }
    return root ? ROOT_CACHE : Path.of(home, ".cache", "pgloadbench");
  }

  /**
   * Creates {@code root} (0700) when it does not exist, then checks that it is safe to use; returns
   * its absolute path.
   */
  public static Path prepare(Path root) throws ServerException {
    return prepare(root, "work dir", REMEDY);
  }

  /**
   * As {@link #prepare(Path)}; an error names the directory as {@code what} and ends in {@code
   * remedy}.
   */
  static Path prepare(Path root, String what, String remedy) throws ServerException {
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
      check(dir, what, remedy);
      return dir;
    } catch (IOException e) {
      throw new ServerException(
          what + " " + dir + ": cannot create it (" + e.getMessage() + "); " + remedy);
    }
  }

  /** As {@link #prepare(Path)} for a work root that exists, creating nothing; none is fine. */
  static void checkIfExists(Path root) throws ServerException {
    Path dir = root.toAbsolutePath().normalize();
    if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS) && !Files.isSymbolicLink(dir)) {
      return;
    }
    try {
      check(dir, "work dir", REMEDY);
    } catch (IOException e) {
      throw new ServerException("work dir " + dir + ": " + e.getMessage() + "; " + REMEDY);
    }
  }

  /** {@code root}, or its nearest ancestor that exists: where it will be created. */
  static Path nearestExisting(Path root) {
    Path dir = root.toAbsolutePath().normalize();
    while (dir.getParent() != null && !Files.exists(dir)) {
      dir = dir.getParent();
    }
    return dir;
  }

  /** Refuses a directory another user could write to, or swap for somewhere else. */
  private static void check(Path dir, String what, String remedy)
      throws ServerException, IOException {
    String refuse = what + " " + dir + ": ";
    if (Files.isSymbolicLink(dir)) {
      throw new ServerException(refuse + "is a symbolic link; " + remedy);
    }
    if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
      throw new ServerException(refuse + "is not a directory; " + remedy);
    }
    int owner = (Integer) Files.getAttribute(dir, "unix:uid", LinkOption.NOFOLLOW_LINKS);
    if (owner != currentUid()) {
      String also = remedy.equals(REMEDY) ? remedy + ", or remove it" : remedy;
      throw new ServerException(refuse + "belongs to another user (uid " + owner + "); " + also);
    }
    Set<PosixFilePermission> permissions =
        Files.getPosixFilePermissions(dir, LinkOption.NOFOLLOW_LINKS);
    if (permissions.contains(PosixFilePermission.GROUP_WRITE)
        || permissions.contains(PosixFilePermission.OTHERS_WRITE)) {
      String mode = PosixFilePermissions.toString(permissions);
      throw new ServerException(
          refuse + "other users may write to it (mode " + mode + "); chmod go-w it, or " + remedy);
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

  /** Whether the harness runs as root, whose servers then run as another user. */
  static boolean isRoot() {
    try {
      return currentUid() == 0;
    } catch (IOException e) {
      return false;
    }
  }
}
