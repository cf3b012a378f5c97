package org.pgloadbench.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.pgloadbench.metrics.Clock;
import org.pgloadbench.metrics.DiskThrottle;
import org.pgloadbench.metrics.InstructionCounter;
import org.pgloadbench.metrics.ProcessTree;
import org.pgloadbench.metrics.ResourceMeter;
import org.pgloadbench.metrics.Sql;
import org.pgloadbench.variant.DiskLimit;

/** A server started from the embedded binaries, in its own directory; {@link #close} stops it. */
final class EmbeddedServer implements PostgresServer {
  private static final int RESTART_ATTEMPTS = 5;

  private final Path home;
  private final Path dir;
  private final ProcessIsolation isolation;
  private final Credentials credentials;
  private final ShutdownHook shutdownHook;
  private final ResourceMeter resources = new ProcessTree(this::postmasterPid);
  private ServerCgroup cgroup;
  private Long memoryCap;
  private DiskLimit disk = DiskLimit.NONE;
  private int port;
  private String version;
  private long postmaster;
  private EmbeddedStandby standby;
  private Path underValgrind;
  private String label;
  private Path bin;

  /**
   * Registers the shutdown hook that stops the server and deletes {@code dir}, whatever exists of
   * them; refuses once the harness is shutting down.
   *
   * @param what what is not started then, as the error says it
   */
  EmbeddedServer(
      Path home, Path dir, ProcessIsolation isolation, Credentials credentials, String what)
      throws ServerException {
    this.home = home;
    this.dir = dir;
    this.isolation = isolation;
    this.credentials = credentials;
    try {
      this.shutdownHook = ShutdownHook.register("pgloadbench-stop-postgres", this::stopAndDelete);
    } catch (IllegalStateException shuttingDown) {
      throw new ServerException("not starting " + what + ": the harness is shutting down");
    }
  }

  /**
   * Caps the server's memory at {@code memoryBytes} (null: no cap) and holds its disk, the one
   * holding {@code dataDir}, to {@code disk}: its postmaster will start in a cgroup of its own
   * holding both (removed with the server).
   */
  synchronized void limit(String name, Long memoryBytes, DiskLimit disk, Path dataDir)
      throws ServerException {
    cgroup = ServerCgroup.create(name, memoryBytes, disk, dataDir);
    memoryCap = memoryBytes;
    this.disk = disk;
  }

  /**
   * A local build's server (see {@link LocalTarget}): shown by its {@code label} when it has one
   * (null: by its version), recording its bin dir.
   */
  synchronized void labelled(String label, Path bin) {
    this.label = label;
    this.bin = bin;
  }

  /**
   * Starts the postmaster through {@code wrapper} (see {@link Valgrind}), whose counts go to the
   * server directory's {@value Valgrind#COUNTS_DIR}.
   */
  synchronized void runUnder(Path wrapper) {
    this.underValgrind = wrapper;
  }

  @Override
  public Optional<InstructionCounter> instructions() {
    return underValgrind == null
        ? Optional.empty()
        : Optional.of(new CallgrindCounter(dir.resolve(Valgrind.COUNTS_DIR)));
  }

  /** From now on the server's standby, stopped before the server on every way out. */
  synchronized void attach(EmbeddedStandby standby) {
    this.standby = standby;
  }

  @Override
  public synchronized Optional<Standby> standby() {
    return Optional.ofNullable(standby);
  }

  @Override
  public ResourceMeter resources() {
    return resources;
  }

  @Override
  public DiskThrottle throttle() {
    return cgroup == null ? null : cgroup.throttle();
  }

  @Override
  public long oomKills() {
    return cgroup == null ? -1 : cgroup.oomKills();
  }

  @Override
  public Map<String, String> details() {
    Map<String, String> details = new LinkedHashMap<>();
    if (bin != null) {
      details.put("server_version", version);
      details.put("bin_dir", bin.toAbsolutePath().toString());
    }
    if (cgroup != null && memoryCap != null) {
      details.put(MEMORY_CAP, Long.toString(memoryCap));
      details.put("memory_cgroup", cgroup.describe());
    }
    if (cgroup != null && !disk.isNone()) {
      details.put(DISK_LIMIT, disk.text());
      details.put("disk_cgroup", cgroup.describeDisk());
    }
    if (standby != null) {
      details.put("standby", standby.mode().yamlName());
      details.put("standby_made_by", standby.madeBy());
    }
    if (underValgrind != null) {
      // run.json says so: this server's wall times are valgrind's, many times longer
      details.put(
          "valgrind",
          "callgrind, counting each step's instructions; its wall times are valgrind's");
    }
    return details;
  }

  /** The postmaster's pid, once seen to be this data directory's (see {@link Postmasters}). */
  private long postmasterPid() {
    if (postmaster > 0 && ProcessHandle.of(postmaster).map(ProcessHandle::isAlive).orElse(false)) {
      return postmaster;
    }
    postmaster = Postmasters.of(dir.resolve("data"));
    return postmaster;
  }

  /** Whether the server's postmaster runs (no connection asked for). */
  boolean alive() {
    return postmasterPid() > 0;
  }

  /** The server's own directory: its data, socket and log. */
  Path dir() {
    return dir;
  }

  int port() {
    return port;
  }

  void start(int port) throws ServerException {
    this.port = port;
    try {
      pgCtl("-l", dir.resolve("postgres.log").toString(), "-w", "-t", "120", "start");
    } catch (ServerException e) {
      String why = ServerFiles.failureReason(dir.resolve("postgres.log"));
      throw new ServerException("PostgreSQL " + home.getFileName() + " did not start: " + why, e);
    }
    try (Connection c = connect(MAINTENANCE_DATABASE)) {
      version = Versions.label(Sql.value(c, "SHOW server_version"));
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
    Postmasters.kill(dir.resolve("data"));
    for (int attempt = 1; ; attempt++) {
      try {
        start(port);
        return;
      } catch (ServerException e) {
        if (attempt == RESTART_ATTEMPTS || !Files.exists(dir)) {
          throw e;
        }
      }
      if (!Clock.pause(1000)) {
        throw new ServerException("interrupted while restarting PostgreSQL " + version);
      }
    }
  }

  @Override
  public String version() {
    return label != null ? label : version;
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
    if (standby != null) {
      standby.server().close();
    }
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
    if (!Files.exists(dir.resolve("data/postmaster.pid"))) {
      return;
    }
    try {
      stopCleanly();
    } catch (ServerException e) {
      Postmasters.kill(dir.resolve("data"));
    }
  }

  /** A fast shutdown, which leaves the data directory consistent, for a copy of it. */
  void stopCleanly() throws ServerException {
    pgCtl("-m", "fast", "-w", "-t", "60", "stop");
  }

  /** pg_ctl; one that starts the server does so inside its cgroup, if it has one. */
  private void pgCtl(String... args) throws ServerException {
    List<String> all = new ArrayList<>(List.of("-D", dir.resolve("data").toString()));
    all.addAll(List.of(args));
    List<String> command = isolation.command(home.resolve("bin/pg_ctl"), all);
    if (List.of(args).contains("start")) {
      if (underValgrind != null) {
        command.addAll(List.of("-p", underValgrind.toString()));
      }
      if (cgroup != null) {
        command = cgroup.wrap(command);
      }
    }
    Programs.run(command, "pg_ctl");
  }
}
