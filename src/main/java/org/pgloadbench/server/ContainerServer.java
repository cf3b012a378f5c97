package org.pgloadbench.server;

import com.github.dockerjava.api.model.BlkioRateDevice;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pgloadbench.metrics.CgroupFs;
import org.pgloadbench.metrics.CgroupUse;
import org.pgloadbench.metrics.Clock;
import org.pgloadbench.metrics.DiskThrottle;
import org.pgloadbench.metrics.ProcessTree;
import org.pgloadbench.metrics.ResourceMeter;
import org.pgloadbench.metrics.Sql;
import org.pgloadbench.variant.DiskLimit;
import org.testcontainers.containers.ContainerLaunchException;
import org.testcontainers.containers.wait.strategy.AbstractWaitStrategy;
import org.testcontainers.postgresql.PostgreSQLContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * One container of {@link ContainerTarget}: the official image's entrypoint, every setting a {@code
 * -c} option, its limits Docker's; {@link #recover} replaces it with a new one from the same image.
 */
final class ContainerServer implements PostgresServer {
  private static final String USER = "postgres";

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
  private DiskThrottle throttle;

  /** {@code device}: the disk holding the engine's data root, where the start limits it. */
  ContainerServer(String image, ServerStart start, String device) {
    this.image = image;
    this.settings = start.settings();
    this.shutdownHook = ShutdownHook.register("pgloadbench-stop-container", this::stop);
    this.memoryBytes = start.variant().memoryCap();
    this.disk = start.variant().disk();
    this.device = device;
  }

  synchronized void start() throws ServerException {
    String node = device == null ? null : BlockDevice.node(device);
    List<String> command = new ArrayList<>(List.of("postgres"));
    settings.forEach((name, value) -> command.addAll(List.of("-c", name + "=" + value)));
    container =
        new PostgreSQLContainer(DockerImageName.parse(image).asCompatibleSubstituteFor("postgres"))
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
                .withBlkioDeviceReadBps(rate(node, disk.readBytes()))
                .withBlkioDeviceWriteBps(rate(node, disk.writeBytes()))
                .withBlkioDeviceReadIOps(rate(node, disk.readIops()))
                .withBlkioDeviceWriteIOps(rate(node, disk.writeIops()));
          }
        });
    try {
      container.start();
    } catch (RuntimeException e) {
      stop();
      throw new ServerException("container " + image + " did not start: " + rootMessage(e), e);
    }
    try (Connection c = connect(MAINTENANCE_DATABASE)) {
      version = Versions.label(Sql.value(c, "SHOW server_version"));
    } catch (SQLException e) {
      stop();
      throw new ServerException(
          "container " + image + " started but refused a connection: " + e.getMessage(), e);
    } catch (ServerException e) {
      stop();
      throw new ServerException("container " + image + ": " + e.getMessage(), e);
    }
    Long pid = container.getContainerInfo().getState().getPidLong();
    resources = meter(pid);
    throttle =
        device == null || pid == null ? null : DiskThrottle.of(pid, device, CgroupFs.local());
  }

  /**
   * The container's cgroup for CPU time; for bytes, its processes' own counts where this host may
   * read them (cgroup v1 does not see buffered writes), else the cgroup's. Nothing where this host
   * does not show the container (an engine on another machine).
   */
  private static ResourceMeter meter(Long pid) {
    CgroupUse cgroup = pid == null ? null : CgroupUse.of(pid, CgroupFs.local());
    if (cgroup == null) {
      return new ResourceMeter.Blind(
          List.of(
              "server CPU and bytes read and written: the container's cgroup is not on this"
                  + " machine (a Docker engine elsewhere)"));
    }
    ProcessTree tree = new ProcessTree(() -> pid);
    return new ResourceMeter.Combined(cgroup, tree.read().readBytes() != null ? tree : cgroup);
  }

  /** Docker's list for one device option: the device node at {@code rate}, or none for 0. */
  private static List<BlkioRateDevice> rate(String node, long rate) {
    return rate == 0 ? List.of() : List.of(new BlkioRateDevice().withPath(node).withRate(rate));
  }

  @Override
  public ResourceMeter resources() {
    return resources;
  }

  /** Docker's own cgroup of the container, read like the embedded servers' (null: unlimited). */
  @Override
  public synchronized DiskThrottle throttle() {
    return throttle;
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
    int port = container.getMappedPort(PostgreSQLContainer.POSTGRESQL_PORT);
    return "jdbc:postgresql://" + container.getHost() + ":" + port + "/" + database;
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
      Clock.Check<RuntimeException> ready =
          () -> waitStrategyTarget.getLogs().split(READY, -1).length > 2;
      if (Clock.await(startupTimeout.toMillis(), 200, ready, waitStrategyTarget::isRunning)) {
        return;
      }
      // first: with the flag still set, asking docker whether it runs could fail or say no
      if (Thread.currentThread().isInterrupted()) {
        throw new ContainerLaunchException("interrupted while waiting for the server");
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
      throw new ContainerLaunchException(
          "the server was not ready within " + startupTimeout.toSeconds() + " s");
    }
  }
}
