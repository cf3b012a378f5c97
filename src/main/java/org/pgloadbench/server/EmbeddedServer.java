package org.pgloadbench.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.pgloadbench.metrics.ProcessTree;
import org.pgloadbench.metrics.ResourceMeter;

/** A server started from the embedded binaries, in its own directory; {@link #close} stops it. */
final class EmbeddedServer implements PostgresServer {
  private static final int RESTART_ATTEMPTS = 5;

  private final Path home;
  private final Path dir;
  private final ProcessIsolation isolation;
  private final Credentials credentials;
  private final ShutdownHook shutdownHook;
  private final ResourceMeter resources = new ProcessTree(this::postmasterPid);
  private MemoryCgroup cgroup;
  private long memoryCap;
  private int port;
  private String version;
  private long postmaster;

  /**
   * Registers the shutdown hook that stops the server and deletes {@code dir}, whatever exists of
   * them.
   */
  EmbeddedServer(Path home, Path dir, ProcessIsolation isolation, Credentials credentials) {
    this.home = home;
    this.dir = dir;
    this.isolation = isolation;
    this.credentials = credentials;
    this.shutdownHook = ShutdownHook.register("pgloadbench-stop-postgres", this::stopAndDelete);
  }

  /**
   * Caps the server's memory at {@code bytes}: its postmaster will start in a cgroup of its own
   * (removed with the server).
   */
  synchronized void capMemory(String name, long bytes) throws ServerException {
    cgroup = MemoryCgroup.create(name, bytes);
    memoryCap = bytes;
  }

  @Override
  public ResourceMeter resources() {
    return resources;
  }

  @Override
  public long oomKills() {
    return cgroup == null ? -1 : cgroup.oomKills();
  }

  @Override
  public Map<String, String> details() {
    Map<String, String> details = new LinkedHashMap<>();
    if (cgroup != null) {
      details.put(MEMORY_CAP, Long.toString(memoryCap));
      details.put("memory_cgroup", cgroup.describe());
    }
    return details;
  }

  /**
   * The postmaster's pid from its pid file, once it is seen to be the postmaster of this data
   * directory (a pid file alone could name any process); 0 while there is none.
   */
  private long postmasterPid() {
    if (postmaster > 0 && ProcessHandle.of(postmaster).map(ProcessHandle::isAlive).orElse(false)) {
      return postmaster;
    }
    try {
      long pid =
          Long.parseLong(
              ServerFiles.read(dir.resolve("data/postmaster.pid"))
                  .lines()
                  .findFirst()
                  .orElse("")
                  .strip());
      postmaster = isPostmasterOf(pid, dir.resolve("data")) ? pid : 0;
    } catch (IOException | RuntimeException e) {
      postmaster = 0;
    }
    return postmaster;
  }

  void start(int port) throws ServerException {
    this.port = port;
    try {
      pgCtl("-l", dir.resolve("postgres.log").toString(), "-w", "-t", "120", "start");
    } catch (ServerException e) {
      throw new ServerException(
          "PostgreSQL "
              + home.getFileName()
              + " did not start: "
              + failureReason(dir.resolve("postgres.log")),
          e);
    }
    try (Connection c = connect(MAINTENANCE_DATABASE);
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SHOW server_version")) {
      rs.next();
      version = Versions.label(rs.getString(1));
    } catch (SQLException e) {
      throw new ServerException(
          "PostgreSQL started on port " + port + " but refused a connection: " + e.getMessage(), e);
    }
  }

  /**
   * Starts the server again on its data directory after its postmaster died: PostgreSQL runs crash
   * recovery. The dead postmaster's backends exit on their own once they notice, and until they
   * have the new one refuses to start (their shared memory is still attached), so it is retried.
   */
  @Override
  public synchronized void recover() throws ServerException {
    killPostmaster(dir.resolve("data"));
    for (int attempt = 1; ; attempt++) {
      try {
        start(port);
        return;
      } catch (ServerException e) {
        if (attempt == RESTART_ATTEMPTS || !Files.exists(dir)) {
          throw e;
        }
      }
      try {
        Thread.sleep(1000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new ServerException("interrupted while restarting PostgreSQL " + version, e);
      }
    }
  }

  @Override
  public String version() {
    return version;
  }

  @Override
  public String jdbcUrl(String database) {
    return "jdbc:postgresql://127.0.0.1:" + port + "/" + database;
  }

  @Override
  public Credentials credentials() {
    return credentials;
  }

  @Override
  public void close() {
    stopAndDelete();
    shutdownHook.remove();
  }

  private synchronized void stopAndDelete() {
    if (Files.exists(dir)) {
      stop();
      try {
        WorkRoot.delete(dir);
      } catch (IOException e) {
        System.err.println("pgloadbench: could not delete " + dir + ": " + e.getMessage());
      }
    }
    if (cgroup != null) {
      cgroup.close(); // its processes are gone with the server
    }
  }

  /**
   * Fast shutdown through pg_ctl; if that fails, the postmaster is killed so that it cannot outlive
   * us.
   */
  private void stop() {
    Path pidFile = dir.resolve("data/postmaster.pid");
    if (!Files.exists(pidFile)) {
      return;
    }
    try {
      pgCtl("-m", "fast", "-w", "-t", "60", "stop");
    } catch (ServerException e) {
      killPostmaster(dir.resolve("data"));
    }
  }

  /**
   * Kills the postmaster of {@code data}: the pid in its pid file, only if that process is a
   * postgres started on this very data directory (a pid file alone is no proof: it may be stale, or
   * planted, and name any process).
   */
  private static void killPostmaster(Path data) {
    try {
      long pid =
          Long.parseLong(
              ServerFiles.read(data.resolve("postmaster.pid"))
                  .lines()
                  .findFirst()
                  .orElse("")
                  .strip());
      if (isPostmasterOf(pid, data)) {
        ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
      }
    } catch (IOException | RuntimeException e) {
      // no pid file or no such process: nothing is left to stop
    }
  }

  /** Whether process {@code pid}'s command line is {@code .../postgres ... -D <data> ...}. */
  static boolean isPostmasterOf(long pid, Path data) {
    try {
      String[] args =
          new String(
                  Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline")),
                  StandardCharsets.UTF_8)
              .split("\0");
      if (args.length < 3 || !Path.of(args[0]).getFileName().toString().equals("postgres")) {
        return false;
      }
      Path expected = data.toAbsolutePath().normalize();
      for (int i = 1; i + 1 < args.length; i++) {
        if (args[i].equals("-D")
            && Path.of(args[i + 1]).toAbsolutePath().normalize().equals(expected)) {
          return true;
        }
      }
      return false;
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  /**
   * Stops servers whose harness JVM died without stopping them (killed with SIGKILL, say): their
   * directories are named after that JVM's pid.
   */
  static void stopOrphans(Path workRoot, ProcessIsolation isolation) {
    if (!Files.isDirectory(workRoot)) {
      return;
    }
    try (Stream<Path> dirs = Files.list(workRoot)) {
      for (Path dir : dirs.toList()) {
        String name = dir.getFileName().toString();
        int dash = name.indexOf('-');
        if (dash <= 0 || !name.substring(0, dash).chars().allMatch(Character::isDigit)) {
          continue;
        }
        long pid = Long.parseLong(name.substring(0, dash));
        if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
          continue;
        }
        killPostmaster(dir.resolve("data"));
        WorkRoot.delete(dir);
      }
    } catch (IOException | RuntimeException e) {
      System.err.println("pgloadbench: could not clean up " + workRoot + ": " + e.getMessage());
    }
  }

  /** pg_ctl; one that starts the server does so inside its memory cgroup, if it has one. */
  private void pgCtl(String... args) throws ServerException {
    List<String> all = new ArrayList<>(List.of("-D", dir.resolve("data").toString()));
    all.addAll(List.of(args));
    List<String> command = isolation.command(home.resolve("bin/pg_ctl"), all);
    if (cgroup != null && List.of(args).contains("start")) {
      command = cgroup.wrap(command);
    }
    EmbeddedTarget.run(command, "pg_ctl");
  }

  /**
   * The server log's error lines, without their timestamp prefix, on one line; read as a file of
   * the server's user (see {@link ServerFiles}), so that no line of another file can show here.
   */
  static String failureReason(Path log) {
    try {
      String reason =
          ServerFiles.read(log)
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
