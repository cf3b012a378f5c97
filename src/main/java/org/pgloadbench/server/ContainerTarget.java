package org.pgloadbench.server;

import com.github.dockerjava.api.model.BlkioRateDevice;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pgloadbench.metrics.CgroupFs;
import org.pgloadbench.metrics.CgroupUse;
import org.pgloadbench.metrics.ProcessTree;
import org.pgloadbench.metrics.ResourceMeter;
import org.pgloadbench.metrics.ResourceUse;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.ContainerLaunchException;
import org.testcontainers.containers.wait.strategy.AbstractWaitStrategy;
import org.testcontainers.postgresql.PostgreSQLContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * Servers in Docker containers, through Testcontainers' PostgreSQL module: image {@code
 * postgres:<version>} unless the scenario names another. Every setting is passed as a {@code -c}
 * option (none of the module's own, such as fsync=off), the superuser gets a random password, and
 * each container is stopped on every exit path, Ctrl-C included.
 */
public final class ContainerTarget implements ServerTarget {
  private static final String USER = "postgres";

  private final String image;
  private Boolean engine;

  /** {@code image} null runs the official {@code postgres:<version>} image. */
  public ContainerTarget(String image) {
    this.image = image;
  }

  @Override
  public String resolve(String requested) {
    return image(requested);
  }

  /** An engine must be reachable: checked before anything starts (not by {@code plan}). */
  @Override
  public void prepare() throws ServerException {
    requireEngine();
  }

  @Override
  public PostgresServer start(String version, Map<String, String> settings) throws ServerException {
    return start(version, settings, null);
  }

  /** A capped server's container has that memory limit, swap included (Docker's own cgroup). */
  @Override
  public PostgresServer start(String version, Map<String, String> settings, Long memoryBytes)
      throws ServerException {
    return start(version, settings, memoryBytes, StandbyMode.NONE, DiskLimit.NONE);
  }

  /**
   * A limited server's container has Docker's device limits ({@code --device-read-bps} and the
   * others) on the disk that holds the engine's data root, where its data directory is.
   */
  @Override
  public PostgresServer start(
      String version,
      Map<String, String> settings,
      Long memoryBytes,
      StandbyMode standby,
      DiskLimit disk)
      throws ServerException {
    if (standby != StandbyMode.NONE) {
      throw new ServerException(whyNoStandby());
    }
    requireEngine();
    String device = disk.isNone() ? null : engineDisk();
    ContainerServer server = new ContainerServer(image(version), settings, memoryBytes, disk, device);
    server.start();
    return server;
  }

  @Override
  public String whyNoMemoryCap() {
    return null;
  }

  @Override
  public String whyNoDiskLimit() {
    try {
      requireEngine();
      engineDisk();
      return null;
    } catch (ServerException e) {
      return e.getMessage();
    }
  }

  /**
   * The device node of the disk holding the engine's data root ({@code docker info}'s Docker Root
   * Dir), which must be on this machine to be named.
   */
  private static String engineDisk() throws ServerException {
    String root = DockerClientFactory.instance().getInfo().getDockerRootDir();
    if (root == null || !java.nio.file.Files.isDirectory(java.nio.file.Path.of(root))) {
      throw new ServerException(
          "the Docker engine's data root ("
              + root
              + ") is not on this machine, so the disk its containers write cannot be named; run"
              + " on the embedded target (TARGET=embedded) or leave the disk limit out");
    }
    return BlockDevice.node(BlockDevice.of(java.nio.file.Path.of(root)));
  }

  /**
   * A container's standby would be a second container streaming from the first over a network of
   * their own: not built.
   */
  @Override
  public String whyNoStandby() {
    return "the container target gives its servers no standby; run on the embedded target, or on"
        + " a local build (TARGET=local:<bin dir>)";
  }

  private String image(String version) {
    return image != null ? image : "postgres:" + version;
  }

  /** One line, soon, when there is no engine: Testcontainers answers in about half a second. */
  private void requireEngine() throws ServerException {
    if (engine == null) {
      engine = DockerClientFactory.instance().isDockerAvailable();
    }
    if (!engine) {
      throw new ServerException(
          "no Docker engine is reachable (DOCKER_HOST, /var/run/docker.sock); start one, or run on"
              + " the embedded target: TARGET=embedded");
    }
  }

  /**
   * Ready when the log says so a second time (the official image's entrypoint starts a temporary
   * server first); a container that exits before (a setting the server refuses, say) fails at once
   * with the server's error lines rather than after the timeout.
   */
  private static final class ReadyOrExited extends AbstractWaitStrategy {
    private static final String READY = "database system is ready to accept connections";

    ReadyOrExited() {
      withStartupTimeout(Duration.ofSeconds(120));
    }

    @Override
    protected void waitUntilReady() {
      long deadline = System.nanoTime() + startupTimeout.toNanos();
      while (System.nanoTime() < deadline) {
        String logs = waitStrategyTarget.getLogs();
        if (logs.split(READY, -1).length > 2) {
          return;
        }
        if (!waitStrategyTarget.isRunning()) {
          String errors =
              waitStrategyTarget
                  .getLogs()
                  .lines()
                  .filter(l -> l.matches(".*\\b(FATAL|PANIC|ERROR):.*"))
                  .map(l -> l.replaceFirst("^.*?\\b(FATAL|PANIC|ERROR):", "$1:").strip())
                  .reduce((x, y) -> x + "; " + y)
                  .orElse("it exited; see docker logs");
          throw new ContainerLaunchException(errors);
        }
        try {
          Thread.sleep(200);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new ContainerLaunchException("interrupted while waiting for the server");
        }
      }
      throw new ContainerLaunchException(
          "the server was not ready within " + startupTimeout.toSeconds() + " s");
    }
  }

  /** One container; {@link #recover} replaces it with a new one from the same image. */
  private static final class ContainerServer implements PostgresServer {
    private final String image;
    private final Map<String, String> settings;
    private final Long memoryBytes;
    private final DiskLimit disk;
    private final String device;
    private final Credentials credentials = Credentials.random(USER);
    private final ShutdownHook shutdownHook;
    private PostgreSQLContainer container;
    private String version;
    private ResourceMeter resources = ResourceMeter.NONE;

    ContainerServer(
        String image, Map<String, String> settings, Long memoryBytes, DiskLimit disk, String device) {
      this.image = image;
      this.settings = settings;
      this.shutdownHook = ShutdownHook.register("pgloadbench-stop-container", this::stop);
      this.memoryBytes = memoryBytes;
      this.disk = disk;
      this.device = device;
    }

    synchronized void start() throws ServerException {
      List<String> command = new ArrayList<>(List.of("postgres"));
      settings.forEach((name, value) -> command.addAll(List.of("-c", name + "=" + value)));
      container =
          new PostgreSQLContainer(
                  DockerImageName.parse(image).asCompatibleSubstituteFor("postgres"))
              .withUsername(USER)
              .withPassword(credentials.password())
              .withDatabaseName(MAINTENANCE_DATABASE);
      container.setCommand(command.toArray(String[]::new));
      container.waitingFor(new ReadyOrExited());
      container.withCreateContainerCmdModifier(
          cmd -> {
            if (memoryBytes != null) {
              cmd.getHostConfig().withMemory(memoryBytes).withMemorySwap(memoryBytes);
            }
            if (!disk.isNone()) {
              cmd.getHostConfig()
                  .withBlkioDeviceReadBps(rate(disk.readBytes()))
                  .withBlkioDeviceWriteBps(rate(disk.writeBytes()))
                  .withBlkioDeviceReadIOps(rate(disk.readIops()))
                  .withBlkioDeviceWriteIOps(rate(disk.writeIops()));
            }
          });
      try {
        container.start();
      } catch (RuntimeException e) {
        stop();
        throw new ServerException("container " + image + " did not start: " + rootMessage(e), e);
      }
      String reported;
      try (Connection c = connect(MAINTENANCE_DATABASE);
          Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SHOW server_version")) {
        rs.next();
        reported = rs.getString(1);
      } catch (SQLException e) {
        stop();
        throw new ServerException(
            "container " + image + " started but refused a connection: " + e.getMessage(), e);
      }
      try {
        version = Versions.label(reported);
      } catch (ServerException e) {
        stop();
        throw new ServerException("container " + image + ": " + e.getMessage(), e);
      }
      resources = meter(container.getContainerInfo().getState().getPidLong());
    }

    /**
     * The container's cgroup for CPU time; for bytes, its processes' own counts where this host may
     * read them (cgroup v1 does not see buffered writes), else the cgroup's. Nothing where this
     * host does not show the container (an engine on another machine).
     */
    private static ResourceMeter meter(Long pid) {
      CgroupUse cgroup = pid == null ? null : CgroupUse.of(pid, CgroupFs.local());
      if (cgroup == null) {
        return new ResourceMeter() {
          @Override
          public ResourceUse read() {
            return ResourceUse.UNKNOWN;
          }

          @Override
          public List<String> missing() {
            return List.of(
                "server CPU and bytes read and written: the container's cgroup is not on this"
                    + " machine (a Docker engine elsewhere)");
          }
        };
      }
      ProcessTree tree = new ProcessTree(() -> pid);
      return ResourceMeter.combined(cgroup, tree.read().readBytes() != null ? tree : cgroup);
    }

    /** Docker's list for one device option: the device at {@code rate}, or none for 0. */
    private List<BlkioRateDevice> rate(long rate) {
      return rate == 0 ? List.of() : List.of(new BlkioRateDevice().withPath(device).withRate(rate));
    }

    @Override
    public ResourceMeter resources() {
      return resources;
    }

    @Override
    public String version() {
      return version;
    }

    @Override
    public Map<String, String> details() {
      Map<String, String> details = new LinkedHashMap<>();
      details.put("image", image);
      if (memoryBytes != null) {
        details.put(MEMORY_CAP, Long.toString(memoryBytes));
      }
      if (!disk.isNone()) {
        details.put(DISK_LIMIT, disk.text());
        details.put("disk_device", device);
      }
      return details;
    }

    @Override
    public String jdbcUrl(String database) {
      return "jdbc:postgresql://"
          + container.getHost()
          + ":"
          + container.getMappedPort(PostgreSQLContainer.POSTGRESQL_PORT)
          + "/"
          + database;
    }

    @Override
    public Credentials credentials() {
      return credentials;
    }

    /** A container whose postmaster died has ended: a new one takes its place. */
    @Override
    public synchronized void recover() throws ServerException {
      stop();
      start();
    }

    @Override
    public void close() {
      stop();
      shutdownHook.remove();
    }

    private synchronized void stop() {
      if (container != null) {
        try {
          container.stop();
        } catch (RuntimeException e) {
          System.err.println("pgloadbench: could not stop container " + image + ": " + e);
        }
      }
    }

    private static String rootMessage(Throwable e) {
      Throwable t = e;
      while (t.getCause() != null) {
        t = t.getCause();
      }
      String message = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
      return message.replaceAll("\\s+", " ").strip();
    }
  }
}
