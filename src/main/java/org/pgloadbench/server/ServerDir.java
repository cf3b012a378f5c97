package org.pgloadbench.server;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The directory of a server the harness launches (a primary or its standby), as the server finds
 * it: {@code data/} and {@code socket/} (0700), the file holding its secret (0600), and the
 * settings the harness appends to its configuration; and its start on a free port.
 */
final class ServerDir {
  private static final int START_ATTEMPTS = 3;

  private ServerDir() {}

  /** What writes a server's secret (a password file, a passfile) into a file. */
  interface Secret {
    void writeTo(Path file) throws IOException;
  }

  /**
   * A new server's directory under {@code workRoot}: named after this JVM, so that a later run can
   * clean up after one killed outright ({@link Postmasters#stopOrphans}).
   */
  static Path newDir(Path workRoot, String name) {
    return workRoot.resolve(ProcessHandle.current().pid() + "-" + name + "-" + System.nanoTime());
  }

  /**
   * The server's directory, its data and socket dirs, all 0700, and {@code secretName} holding its
   * secret (0600); with setpriv, all of them are handed to the user the server runs as.
   *
   * @param failure how an error begins, naming what could not be created
   */
  static void create(
      Path dir, ProcessIsolation isolation, String secretName, Secret secret, String failure)
      throws ServerException {
    try {
      var ownerOnly = PosixFilePermissions.asFileAttribute(WorkRoot.ownerOnly());
      Files.createDirectory(dir, ownerOnly);
      Files.createDirectory(dir.resolve("data"), ownerOnly);
      Files.createDirectory(dir.resolve("socket"), ownerOnly);
      secret.writeTo(dir.resolve(secretName));
      isolation.handOver(dir.resolve("data"), dir.resolve("socket"), dir.resolve(secretName), dir);
    } catch (IOException e) {
      throw new ServerException(failure + ": " + e.getMessage(), e);
    }
  }

  /**
   * Starts {@code server} with {@code settings} on a free port; another process can take the port
   * between the check and the bind, so a failure to bind tries another, a few times.
   *
   * @param role how the error of a server that did not start begins ({@code "the standby: "}), or
   *     empty
   */
  static void start(EmbeddedServer server, Map<String, String> settings, String role)
      throws ServerException {
    for (int attempt = 1; ; attempt++) {
      int port = freePort();
      writeConfig(server.dir(), port, settings);
      try {
        server.start(port);
        return;
      } catch (ServerException e) {
        if (attempt == START_ATTEMPTS || !e.getMessage().contains("could not bind")) {
          throw role.isEmpty() ? e : new ServerException(role + e.getMessage(), e);
        }
      }
    }
  }

  /**
   * Appends the harness's and the scenario's settings to postgresql.conf, so the server log shows
   * them. As root the data directory is the server user's: see {@link ServerFiles}.
   */
  static void writeConfig(Path dir, int port, Map<String, String> settings) throws ServerException {
    Map<String, String> all = new LinkedHashMap<>();
    all.put("listen_addresses", "127.0.0.1");
    all.put("port", Integer.toString(port));
    all.put("unix_socket_directories", dir.resolve("socket").toString());
    all.putAll(settings);
    StringBuilder conf = new StringBuilder("\n# pgloadbench\n");
    all.forEach(
        (name, value) -> conf.append(name).append(" = '").append(quoted(value)).append("'\n"));
    try {
      ServerFiles.replace(dir.resolve("data/pgloadbench.conf"), conf.toString());
      String include = "include = 'pgloadbench.conf'";
      ServerFiles.appendUnlessPresent(
          dir.resolve("data/postgresql.conf"), include, "\n" + include + "\n");
    } catch (IOException e) {
      throw new ServerException(
          "cannot write the server configuration in " + dir + ": " + e.getMessage(), e);
    }
  }

  /**
   * A value inside postgresql.conf's single quotes, where a backslash starts an escape: {@code C:\}
   * would otherwise swallow the closing quote.
   */
  private static String quoted(String value) {
    return value.replace("\\", "\\\\").replace("'", "''");
  }

  private static int freePort() throws ServerException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new ServerException("no free port on 127.0.0.1: " + e.getMessage(), e);
    }
  }
}
