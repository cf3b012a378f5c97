package org.pgloadbench.server;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Servers from the PostgreSQL binaries on Maven Central, started by the harness itself so that it
 * owns every initdb option and every setting: data checksums off on every version (18 turns them on
 * by default), fsync and the rest at PostgreSQL's defaults unless the scenario sets them. Each
 * server lives in its own 0700 directory under the work root, listens on 127.0.0.1 on a free port,
 * accepts only connections with its own random password (other local users can reach the port), is
 * stopped on every exit path (close, or the JVM's shutdown hook on Ctrl-C); a directory left by a
 * killed JVM is cleaned up, its server stopped, by the next start.
 */
public final class EmbeddedTarget implements LaunchingTarget {
  private static final int START_ATTEMPTS = 3;
  private static final String USER = "postgres";

  /**
   * In each server's directory: the server's random password, for initdb and for whoever needs to
   * reconnect to a server the harness started (the harness itself keeps it in memory).
   */
  static final String PASSWORD_FILE = "password";

  private final PostgresDistributions distributions;
  private final Path requestedWorkRoot;
  private Path workRoot;
  private ProcessIsolation isolation;
  private final Valgrind valgrind;

  public EmbeddedTarget(Path workRoot) {
    this(workRoot, null);
  }

  /** Servers started under {@code valgrind} to count instructions, or (null) directly. */
  public EmbeddedTarget(Path workRoot, Valgrind valgrind) {
    this(PostgresDistributions.fromSystemProperty(), workRoot, valgrind);
  }

  EmbeddedTarget(PostgresDistributions distributions, Path workRoot) {
    this(distributions, workRoot, null);
  }

  private EmbeddedTarget(PostgresDistributions distributions, Path workRoot, Valgrind valgrind) {
    this.distributions = distributions;
    this.requestedWorkRoot = workRoot;
    this.valgrind = valgrind;
  }

  /** The default work root: see {@link WorkRoot#defaultLocation}. */
  public static Path defaultWorkRoot() {
    return WorkRoot.defaultLocation();
  }

  @Override
  public String resolve(String requested) throws ServerException {
    return distributions.resolve(requested);
  }

  /**
   * Checks, before anything starts, that the work root is the user's own (creating it 0700) and
   * that the way the binaries are run can use it.
   */
  @Override
  public synchronized void prepare() throws ServerException {
    if (workRoot != null) {
      return;
    }
    Path root = WorkRoot.prepare(requestedWorkRoot);
    ProcessIsolation chosen = ProcessIsolation.detect();
    if (chosen.owner() != null) {
      try {
        WorkRoot.allowPassage(root);
      } catch (IOException e) {
        throw new ServerException("work dir " + root + ": " + e.getMessage(), e);
      }
      chosen.checkCanEnter(root);
    }
    isolation = chosen;
    workRoot = root;
  }

  @Override
  public PostgresServer start(
      String requested,
      Map<String, String> settings,
      Long memoryBytes,
      StandbyMode standby,
      DiskLimit disk)
      throws ServerException {
    String version = distributions.resolve(requested);
    return launch(
        distributions.install(version),
        "pg" + version,
        Versions.major(version),
        settings,
        memoryBytes,
        standby,
        disk);
  }

  /** A standby of the same binaries: see {@link EmbeddedStandby}. */
  @Override
  public String whyNoStandby() {
    return null;
  }

  /** The binaries hold the contrib extensions only: no PostGIS, say. */
  @Override
  public String whyNoExtension(String requested, String name) throws ServerException {
    String version = distributions.resolve(requested);
    Path extensions = distributions.install(version).resolve("share/postgresql/extension");
    return Extensions.installed(extensions, name)
        ? null
        : "the embedded PostgreSQL " + version + " binaries have no " + name + " extension";
  }

  /** A memory cgroup of the harness's own per capped server: see {@link ServerCgroup}. */
  @Override
  public String whyNoMemoryCap() {
    return ServerCgroup.whyNot();
  }

  /**
   * A blkio (v1) or io (v2) cgroup of the harness's own per limited server, on the disk that holds
   * the work dir: see {@link ServerCgroup}.
   */
  @Override
  public String whyNoDiskLimit() {
    try {
      prepare();
    } catch (ServerException e) {
      return e.getMessage();
    }
    return ServerCgroup.whyNotDisk(workRoot);
  }

  /**
   * Starts a server from the binaries under {@code home} ({@code bin/initdb}, ...), whichever build
   * they are: the embedded ones, or a local build (see {@link LocalTarget}).
   *
   * @param name names the server's directory
   * @param major the build's major version, for the initdb options that differ between versions
   * @param memoryBytes the server's memory cap, or null for none (a standby has none)
   * @param standby the server's standby, if it has one: the settings it needs are added
   * @param disk how fast the server may use the disk holding its data (the standby's is not held)
   */
  EmbeddedServer launch(
      Path home,
      String name,
      int major,
      Map<String, String> given,
      Long memoryBytes,
      StandbyMode standby,
      DiskLimit disk)
      throws ServerException {
    Map<String, String> settings = standby.primarySettings(given);
    if (valgrind != null) {
      settings = Valgrind.settings(settings);
    }
    prepare();
    isolation.checkCanRun(home.resolve("bin/postgres"));
    Postmasters.stopOrphans(workRoot);
    // The server registers its shutdown hook before anything exists on disk, so that Ctrl-C from
    // here on removes all of it; its directory is named after this JVM so that a later run can
    // clean up after a JVM that was killed outright.
    Path dir =
        workRoot.resolve(ProcessHandle.current().pid() + "-" + name + "-" + System.nanoTime());
    Credentials credentials = Credentials.random(USER);
    EmbeddedServer server;
    try {
      server = new EmbeddedServer(home, dir, isolation, credentials);
    } catch (IllegalStateException shuttingDown) {
      throw new ServerException("not starting PostgreSQL: the harness is shutting down");
    }
    try {
      if (memoryBytes != null || !disk.isNone()) {
        // named as the server's directory: two servers of one build (two profiles) differ
        server.limit(
            name + "-" + dir.getFileName().toString().replaceAll(".*-", ""),
            memoryBytes,
            disk,
            workRoot);
      }
      createDirectories(dir, credentials);
      if (valgrind != null) {
        server.runUnder(valgrind.prepare(dir, home.resolve("bin/postgres"), isolation));
      }
      initdb(home, dir, major);
      for (int attempt = 1; ; attempt++) {
        int port = freePort();
        writeConfig(dir, port, settings);
        try {
          server.start(port);
          break;
        } catch (ServerException e) {
          if (attempt == START_ATTEMPTS || !e.getMessage().contains("could not bind")) {
            throw e;
          }
        }
      }
      if (standby != StandbyMode.NONE) {
        EmbeddedStandby.start(server, home, workRoot, name, isolation, standby, settings);
      }
      return server;
    } catch (ServerException | RuntimeException e) {
      server.close();
      throw e;
    }
  }

  /**
   * The server's directory, its data and socket dirs, all 0700, and the password file initdb reads
   * (0600); with setpriv, all of them are handed to the user the server runs as.
   */
  private void createDirectories(Path dir, Credentials credentials) throws ServerException {
    try {
      var ownerOnly = PosixFilePermissions.asFileAttribute(WorkRoot.ownerOnly());
      Files.createDirectory(dir, ownerOnly);
      Files.createDirectory(dir.resolve("data"), ownerOnly);
      Files.createDirectory(dir.resolve("socket"), ownerOnly);
      credentials.writePasswordFile(dir.resolve(PASSWORD_FILE));
      isolation.handOver(
          dir.resolve("data"), dir.resolve("socket"), dir.resolve(PASSWORD_FILE), dir);
    } catch (IOException e) {
      throw new ServerException(
          "cannot create a data directory under " + workRoot + ": " + e.getMessage(), e);
    }
  }

  /** Every connection needs the password, over TCP and the Unix socket alike. */
  private void initdb(Path home, Path dir, int major) throws ServerException {
    List<String> args =
        new ArrayList<>(
            List.of(
                "--auth=scram-sha-256",
                "--pwfile=" + dir.resolve(PASSWORD_FILE),
                "-U",
                USER,
                "-E",
                "UTF-8",
                "--locale=C",
                "-D",
                dir.resolve("data").toString()));
    if (major >= 18) {
      args.add("--no-data-checksums");
    }
    run(isolation.command(home.resolve("bin/initdb"), args), "initdb");
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

  static int freePort() throws ServerException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new ServerException("no free port on 127.0.0.1: " + e.getMessage(), e);
    }
  }

  /**
   * Runs a command to completion; a failure is a one-line error carrying the command's last line.
   */
  static String run(List<String> command, String what) throws ServerException {
    try {
      Path output = Files.createTempFile("pgloadbench-" + what, ".log");
      try {
        Process p =
            processBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(output.toFile())
                .start();
        if (!p.waitFor(300, TimeUnit.SECONDS)) {
          p.destroyForcibly();
          throw new ServerException(what + " did not finish in 300 s");
        }
        String text = Files.readString(output);
        if (p.exitValue() != 0) {
          throw new ServerException(what + " failed: " + lastLine(text));
        }
        return text;
      } finally {
        Files.deleteIfExists(output);
      }
    } catch (IOException e) {
      throw new ServerException(what + " could not run: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ServerException(what + " was interrupted", e);
    }
  }

  /**
   * A PostgreSQL program's process, without the harness's {@code PG*} variables: initdb, pg_ctl and
   * the postmaster (which inherits pg_ctl's environment) read some ({@code PGDATA}, {@code PGPORT},
   * {@code PG_OOM_ADJUST_FILE}, ...), and the harness alone says how its servers run.
   */
  static ProcessBuilder processBuilder(List<String> command) {
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.environment().keySet().removeIf(name -> name.startsWith("PG"));
    return builder;
  }

  static String lastLine(String text) {
    String[] lines = text.strip().split("\n");
    return lines.length == 0 ? "" : lines[lines.length - 1].strip();
  }
}
