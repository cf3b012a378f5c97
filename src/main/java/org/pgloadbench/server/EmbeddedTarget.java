package org.pgloadbench.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.pgloadbench.variant.DiskLimit;
import org.pgloadbench.variant.StandbyMode;

/**
 * Servers from the PostgreSQL binaries on Maven Central, started by the harness itself so that it
 * owns every initdb option and every setting: data checksums off on every version (18 turns them on
 * by default), fsync and the rest at PostgreSQL's defaults unless the scenario sets them. Each
 * server lives in its own 0700 directory under the work root, listens on 127.0.0.1 on a free port,
 * accepts only connections with its own random password (other local users can reach the port), is
 * stopped on every exit path (close, or the JVM's shutdown hook on Ctrl-C); a directory left by a
 * killed JVM is cleaned up, its server stopped, by the next start.
 */
public final class EmbeddedTarget implements ServerTarget {
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

  /**
   * While clusters are kept ({@link #keepClusters}): per build (the directory of its binaries), a
   * cluster initdb made once, which every start of that build copies into a data directory of its
   * own: initdb's sync of its 40 MB is most of a start (3.3 s against 0.6 s for the copy and its
   * sync, here), and a run that starts its servers afresh every few rounds starts each many times.
   */
  private final Map<Path, Template> templates = new HashMap<>();

  private boolean keeping;

  /** A kept cluster, and the hook that removes it should the JVM exit before it is released. */
  private record Template(Path dir, Credentials credentials, ShutdownHook onExit) {
    void remove() {
      onExit.remove();
      EmbeddedTarget.remove(dir);
    }
  }

  /** Servers started under {@code valgrind} to count instructions, or (null) directly. */
  public EmbeddedTarget(Path workRoot, Valgrind valgrind) {
    this.distributions = PostgresDistributions.fromSystemProperty();
    this.requestedWorkRoot = workRoot;
    this.valgrind = valgrind;
  }

  @Override
  public String resolve(String requested) throws ServerException {
    return distributions.resolve(requested);
  }

  /**
   * A work root that exists must be the user's own; one that does not is created, 0700, by {@link
   * #prepare}.
   */
  @Override
  public synchronized void check(List<String> requested) throws ServerException {
    if (workRoot == null) {
      WorkRoot.checkIfExists(requestedWorkRoot);
    }
  }

  /**
   * Creates the work root (0700) where it does not exist, checks it is the user's own, and that the
   * way the binaries are run can use it.
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
  public PostgresServer start(ServerStart start) throws ServerException {
    String version = distributions.resolve(start.version());
    return launch(distributions.install(version), "pg" + version, Versions.major(version), start);
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
      check(List.of());
    } catch (ServerException e) {
      return e.getMessage();
    }
    // the disk the work root is (or, not made yet, will be) on: plan creates nothing
    return ServerCgroup.whyNotDisk(
        workRoot != null ? workRoot : WorkRoot.nearestExisting(requestedWorkRoot));
  }

  /**
   * Starts a server from the binaries under {@code home} ({@code bin/initdb}, ...), whichever build
   * they are: the embedded ones, or a local build (see {@link LocalTarget}).
   *
   * @param name names the server's directory
   * @param major the build's major version, for the initdb options that differ between versions
   * @param start its settings, memory cap (a standby has none), standby, and how fast it may use
   *     the disk holding its data (the standby's is not held)
   */
  EmbeddedServer launch(Path home, String name, int major, ServerStart start)
      throws ServerException {
    Long memoryBytes = start.variant().memoryCap();
    DiskLimit disk = start.variant().disk();
    String noDirectIo = disk.whyNot(major);
    if (noDirectIo != null) {
      throw new ServerException(noDirectIo);
    }
    Map<String, String> settings =
        valgrind == null ? start.settings() : Valgrind.settings(start.settings());
    prepare();
    isolation.checkCanRun(home.resolve("bin/postgres"));
    Postmasters.stopOrphans(workRoot);
    // The server registers its shutdown hook before anything exists on disk, so that Ctrl-C from
    // here on removes all of it.
    Path dir = ServerDir.newDir(workRoot, name);
    Template template = keeping ? template(home, name, major) : null;
    Credentials credentials = template != null ? template.credentials() : Credentials.random(USER);
    EmbeddedServer server = new EmbeddedServer(home, dir, isolation, credentials, "PostgreSQL");
    try {
      if (memoryBytes != null || !disk.isNone()) {
        // named as the server's directory: two servers of one build (two profiles) differ
        String cgroup = name + "-" + dir.getFileName().toString().replaceAll(".*-", "");
        server.limit(cgroup, memoryBytes, disk, workRoot);
      }
      createDir(dir, credentials);
      if (valgrind != null) {
        server.runUnder(valgrind.prepare(dir, home.resolve("bin/postgres"), isolation));
      }
      if (template != null) {
        copy(template.dir().resolve("data"), dir.resolve("data"));
      } else {
        initdb(home, dir, major);
      }
      ServerDir.start(server, settings, "");
      StandbyMode standby = start.variant().standby();
      if (standby != StandbyMode.NONE) {
        EmbeddedStandby.start(server, home, workRoot, name, isolation, standby, settings);
      }
      return server;
    } catch (ServerException | RuntimeException e) {
      server.close();
      throw e;
    }
  }

  @Override
  public synchronized void keepClusters() {
    keeping = true;
  }

  @Override
  public synchronized void releaseClusters() {
    keeping = false;
    templates.values().forEach(Template::remove);
    templates.clear();
  }

  private static void remove(Path template) {
    try {
      WorkRoot.delete(template);
    } catch (IOException e) {
      // the next start removes it (Postmasters.stopOrphans)
    }
  }

  /**
   * The initdb'd cluster of the binaries under {@code home}, made on its first start: in a
   * directory named after this JVM, like a server's, so that a killed JVM's is cleaned up by the
   * next start ({@link Postmasters#stopOrphans}), and removed when this one exits.
   */
  private synchronized Template template(Path home, String name, int major) throws ServerException {
    Template made = templates.get(home);
    if (made != null && Files.isDirectory(made.dir())) {
      return made;
    }
    Path dir = ServerDir.newDir(workRoot, "template-" + name);
    Credentials credentials = Credentials.random(USER);
    ShutdownHook onExit = ShutdownHook.register("pgloadbench-remove-template", () -> remove(dir));
    createDir(dir, credentials);
    initdb(home, dir, major);
    Template template = new Template(dir, credentials, onExit);
    templates.put(home, template);
    return template;
  }

  /** A server's (or a kept cluster's) directory, holding the password initdb gives its user. */
  private void createDir(Path dir, Credentials credentials) throws ServerException {
    String failure = "cannot create a data directory under " + workRoot;
    ServerDir.create(dir, isolation, PASSWORD_FILE, credentials::writePasswordFile, failure);
  }

  /**
   * A copy of the initdb'd cluster as the server's own data, its owner kept, synced before the
   * server starts as initdb syncs its own: no write of it is left for a measured load to wait on.
   */
  private static void copy(Path template, Path data) throws ServerException {
    Programs.run(List.of("cp", "-a", template + "/.", data.toString()), "copying the cluster");
    Programs.run(List.of("sync", "-f", data.toString()), "syncing the cluster");
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
    Programs.run(isolation.command(home.resolve("bin/initdb"), args), "initdb");
  }
}
