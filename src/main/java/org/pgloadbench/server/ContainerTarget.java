package org.pgloadbench.server;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.testcontainers.DockerClientFactory;

/**
 * Servers in Docker containers, through Testcontainers' PostgreSQL module: image {@code
 * postgres:<version>} unless the scenario names another. Every setting is passed as a {@code -c}
 * option (none of the module's own, such as fsync=off), the superuser gets a random password, and
 * each container is stopped on every exit path, Ctrl-C included.
 */
public final class ContainerTarget implements ServerTarget {
  private final String image;
  private Boolean engine;

  /** The images {@link #check} found on this machine or pullable. */
  private final Set<String> available = new HashSet<>();

  /** {@code image} null runs the official {@code postgres:<version>} image. */
  public ContainerTarget(String image) {
    this.image = image;
  }

  @Override
  public String resolve(String requested) {
    return image(requested);
  }

  /**
   * An engine must be reachable, and each image the run needs on this machine or pullable: asked
   * once, before any server starts.
   */
  @Override
  public void check(List<String> requested) throws ServerException {
    requireEngine();
    for (String image : requested.stream().map(this::image).distinct().toList()) {
      if (!available.contains(image)) {
        String why = ContainerImage.whyNot(DockerClientFactory.instance().client(), image);
        if (why != null) {
          throw new ServerException(why);
        }
        available.add(image);
      }
    }
  }

  /** An engine must be reachable: checked before anything starts. */
  @Override
  public void prepare() throws ServerException {
    requireEngine();
  }

  /**
   * A capped server's container has that memory limit, swap included (Docker's own cgroup); a
   * limited one's, Docker's device limits ({@code --device-read-bps} and the others) on the disk
   * that holds the engine's data root, where its data directory is. A standby is refused.
   */
  @Override
  public PostgresServer start(ServerStart start) throws ServerException {
    if (!start.variant().standby().isNone()) {
      throw new ServerException(whyNoStandby());
    }
    requireEngine();
    String device = start.variant().disk().isNone() ? null : engineDisk();
    ContainerServer server = new ContainerServer(image(start.version()), start, device);
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
   * The disk holding the engine's data root ({@code docker info}'s Docker Root Dir), as {@code
   * major:minor}, which must be on this machine to be named.
   */
  private static String engineDisk() throws ServerException {
    String root = DockerClientFactory.instance().getInfo().getDockerRootDir();
    if (root == null || !Files.isDirectory(Path.of(root))) {
      throw new ServerException(
          ("the Docker engine's data root (%s) is not on this machine, so the disk its containers"
                  + " write cannot be named; run on the embedded target (TARGET=embedded) or leave"
                  + " the disk limit out")
              .formatted(root));
    }
    return BlockDevice.of(Path.of(root));
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
}
