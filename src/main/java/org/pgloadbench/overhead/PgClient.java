package org.pgloadbench.overhead;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.pgloadbench.server.PostgresServer;

/**
 * Runs PostgreSQL's client programs (psql, pgbench, osm2pgsql) against a server of the harness. The
 * password reaches them only through a password file readable by its owner alone ({@code
 * PGPASSFILE}), never a command line, the environment's {@code PGPASSWORD} or a log; the file goes
 * with {@link #close}.
 *
 * @param dir the client's own directory (0700), holding its password file and its output
 */
public record PgClient(String host, int port, String user, String database, Path dir)
    implements AutoCloseable {
  /** A client of {@code database} on {@code server}, its password file in a new 0700 directory. */
  public static PgClient of(PostgresServer server, String database) throws IOException {
    URI url = URI.create(server.jdbcUrl(database).substring("jdbc:".length()));
    Path dir =
        Files.createTempDirectory(
            "pgloadbench-client",
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    PgClient client = new PgClient(url.getHost(), url.getPort(), server.user(), database, dir);
    String password = server.credentials().jdbcProperties().getProperty("password");
    Files.createFile(
        client.passFile(),
        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    if (password != null) {
      Files.writeString(
          client.passFile(),
          String.join(
                  ":", escape(client.host), Integer.toString(client.port), "*", escape(client.user))
              + ":"
              + escape(password)
              + "\n",
          StandardCharsets.UTF_8);
    }
    return client;
  }

  /** The connection options every client program takes: host, port, user (never a password). */
  public List<String> connectionArgs() {
    return List.of("-h", host, "-p", Integer.toString(port), "-U", user);
  }

  private Path passFile() {
    return dir.resolve("pgpass");
  }

  /**
   * Runs {@code command} to its end with the password file; returns its standard output followed by
   * its standard error.
   *
   * @throws IOException when it fails, with its last line of error output
   */
  public String run(List<String> command) throws IOException, InterruptedException {
    Path out = Files.createTempFile(dir, "out", ".txt");
    Path err = Files.createTempFile(dir, "err", ".txt");
    try {
      ProcessBuilder builder =
          new ProcessBuilder(command)
              .redirectOutput(out.toFile())
              .redirectError(err.toFile())
              .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
      Map<String, String> env = builder.environment();
      env.remove("PGPASSWORD");
      env.put("PGPASSFILE", passFile().toString());
      env.put("PGCONNECT_TIMEOUT", "10");
      Process process = builder.start();
      if (!process.waitFor(1, TimeUnit.HOURS)) {
        process.destroyForcibly();
        throw new IOException(command.get(0) + " did not finish in an hour");
      }
      if (process.exitValue() != 0) {
        List<String> lines = new ArrayList<>(Files.readAllLines(err));
        lines.removeIf(String::isBlank);
        throw new IOException(
            Path.of(command.get(0)).getFileName()
                + " failed (exit "
                + process.exitValue()
                + ")"
                + (lines.isEmpty() ? "" : ": " + lines.get(lines.size() - 1).strip()));
      }
      // both: psql reports on standard output, pgbench on standard error
      return Files.readString(out, StandardCharsets.UTF_8)
          + Files.readString(err, StandardCharsets.UTF_8);
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }

  /** A program on the PATH, or null: what {@code make overhead} needs but does not install. */
  public static Path program(String name) {
    String path = System.getenv("PATH");
    if (path == null) {
      return null;
    }
    for (String entry : path.split(":")) {
      Path candidate = Path.of(entry.isEmpty() ? "." : entry, name);
      if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
        return candidate;
      }
    }
    return null;
  }

  /** A password file field: backslash and colon are escaped with a backslash. */
  private static String escape(String field) {
    return field.replace("\\", "\\\\").replace(":", "\\:");
  }

  @Override
  public void close() throws IOException {
    Files.deleteIfExists(passFile());
    Files.deleteIfExists(dir);
  }
}
