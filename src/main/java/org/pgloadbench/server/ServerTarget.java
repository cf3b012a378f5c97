package org.pgloadbench.server;

import java.util.List;
import java.util.Map;

/**
 * Where servers come from: one implementation per kind of target (the embedded binaries, a
 * container, a local install dir, a server at a URL).
 */
public interface ServerTarget {

  /**
   * Starts (or attaches to) a server of the given version with these settings, ready for
   * connections.
   */
  PostgresServer start(String version, Map<String, String> settings) throws ServerException;

  /**
   * As {@link #start(String, Map)}, the server's processes and the page cache they fill held to
   * {@code memoryBytes} (null: no cap). A target that cannot cap says so in {@link
   * #whyNoMemoryCap}.
   */
  default PostgresServer start(String version, Map<String, String> settings, Long memoryBytes)
      throws ServerException {
    if (memoryBytes != null) {
      throw new ServerException(whyNoMemoryCap());
    }
    return start(version, settings);
  }

  /**
   * As {@link #start(String, Map, Long)}, with a physical standby of its own streaming its WAL
   * ({@link StandbyMode#NONE}: none). A target that cannot give one says so in {@link
   * #whyNoStandby}.
   */
  default PostgresServer start(
      String version, Map<String, String> settings, Long memoryBytes, StandbyMode standby)
      throws ServerException {
    if (standby != StandbyMode.NONE) {
      throw new ServerException(whyNoStandby());
    }
    return start(version, settings, memoryBytes);
  }

  /**
   * As {@link #start(String, Map, Long, StandbyMode)}, the server's reads and writes of the disk
   * that holds its data held to {@code disk} ({@link DiskLimit#NONE}: as fast as it goes). A target
   * that cannot limit them says so in {@link #whyNoDiskLimit}.
   */
  default PostgresServer start(
      String version,
      Map<String, String> settings,
      Long memoryBytes,
      StandbyMode standby,
      DiskLimit disk)
      throws ServerException {
    if (!disk.isNone()) {
      throw new ServerException(whyNoDiskLimit());
    }
    return start(version, settings, memoryBytes, standby);
  }

  /**
   * Why this target cannot limit a server's disk, in one line with what to do, or null when it can;
   * asked before anything starts when a run limits disks.
   */
  default String whyNoDiskLimit() {
    return "this target cannot limit a server's disk; leave the disk limit out";
  }

  /**
   * Why this target cannot give a server a standby, in one line with what to do, or null when it
   * can; asked before anything starts when a run has standbys.
   */
  default String whyNoStandby() {
    return "this target does not start its servers, so it cannot give them a standby; run the"
        + " scenario on the embedded or a local target, or leave the standby out";
  }

  /**
   * Why this target cannot cap a server's memory, in one line with what to do, or null when it can;
   * asked before anything starts when a run caps servers.
   */
  default String whyNoMemoryCap() {
    return "this target cannot cap a server's memory; leave the memory cap out";
  }

  /**
   * Checks what the target needs before any server starts, for the versions (or build labels) a
   * run {@code requested}: a work directory of the user's own, a Docker engine and image. Creates
   * and changes nothing, so that {@code plan} asks it as {@code bench} does ({@link
   * org.pgloadbench.run.Preflight}): a run that cannot start fails in one line before it begins.
   */
  default void check(List<String> requested) throws ServerException {}

  /**
   * Makes ready, once {@link #check} passed and before any server starts, what the servers need
   * (the work directory, created 0700). {@code start} prepares too.
   */
  default void prepare() throws ServerException {}

  /**
   * Why the server {@code start} would run for {@code requested} lacks extension {@code name}, in
   * one line naming that server; null when it has it, or when only a started server can tell (a
   * container image: {@link Extensions#check} then asks it). Asked before anything starts when the
   * dataset needs an extension.
   */
  default String whyNoExtension(String requested, String name) throws ServerException {
    return null;
  }

  /**
   * Keeps, until {@link #releaseClusters}, what makes the next start of a build cheaper (the
   * cluster initdb made, copied for each start): for a run that starts its servers afresh every
   * few rounds. A target that does not create clusters ignores it.
   */
  default void keepClusters() {}

  /** Removes what {@link #keepClusters} kept. */
  default void releaseClusters() {}

  /** The exact version {@code start} would run for a requested one, or why it cannot. */
  String resolve(String requested) throws ServerException;
}
