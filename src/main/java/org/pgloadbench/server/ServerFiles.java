package org.pgloadbench.server;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Files in a server's directory, which as root belongs to the server's user: that user (a superuser
 * session, through the server) may put a symbolic or hard link to one of root's files, or a FIFO,
 * in their place. The harness opens them without following links, and only when they are regular
 * files with a single name.
 */
final class ServerFiles {
  private ServerFiles() {}

  static String read(Path file) throws IOException {
    try (SeekableByteChannel channel = open(file, StandardOpenOption.READ);
        InputStream in = Channels.newInputStream(channel)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  /** Writes {@code text} as a new file (0644): whatever had that name, a link included, goes. */
  static void replace(Path file, String text) throws IOException {
    Files.deleteIfExists(file); // removes a link, not what it points to
    try (SeekableByteChannel channel =
        Files.newByteChannel(
            file,
            Set.of(
                StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS),
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-r--r--")))) {
      Channels.newOutputStream(channel).write(text.getBytes(StandardCharsets.UTF_8));
    }
  }

  /** Appends {@code text} to {@code file} unless the file holds {@code marker} already. */
  static void appendUnlessPresent(Path file, String marker, String text) throws IOException {
    try (SeekableByteChannel channel =
        open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
      String content =
          new String(Channels.newInputStream(channel).readAllBytes(), StandardCharsets.UTF_8);
      if (!content.contains(marker)) {
        channel.position(channel.size());
        Channels.newOutputStream(channel).write(text.getBytes(StandardCharsets.UTF_8));
      }
    }
  }

  private static SeekableByteChannel open(Path file, OpenOption... options) throws IOException {
    BasicFileAttributes attributes =
        Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    if (!attributes.isRegularFile()) {
      throw new IOException(
          file + " is not a regular file" + (attributes.isSymbolicLink() ? " but a link" : ""));
    }
    int names = (Integer) Files.getAttribute(file, "unix:nlink", LinkOption.NOFOLLOW_LINKS);
    if (names != 1) {
      throw new IOException(file + " has " + names + " names (hard links)");
    }
    // O_NOFOLLOW: a link put in its place since the check is refused by the kernel
    Set<OpenOption> all = new HashSet<>(List.of(options));
    all.add(LinkOption.NOFOLLOW_LINKS);
    return Files.newByteChannel(file, all);
  }

  /**
   * The server log's error lines, without their timestamp prefix, on one line; read as a file of
   * the server's user, so that no line of another file can show here.
   */
  static String failureReason(Path log) {
    try {
      String reason =
          read(log)
              .lines()
              .filter(
                  l ->
                      l.matches(".*\\b(FATAL|PANIC|ERROR):.*")
                          || l.contains("invalid value for parameter")
                          || l.contains("unrecognized configuration parameter")
                          || l.contains("could not bind"))
              .map(l -> l.replaceFirst("^.*?\\[\\d+\\]\\s*", "").replaceAll("\\s+", " "))
              .collect(Collectors.joining("; "));
      return reason.isEmpty() ? "see the log" : reason;
    } catch (IOException e) {
      return "no server log";
    }
  }
}
