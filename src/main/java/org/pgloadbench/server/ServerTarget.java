package org.pgloadbench.server;

import java.util.List;
import java.util.Map;
import org.pgloadbench.variant.ServerVariant;

/**
 * Where servers come from: one implementation per kind of target ({@link EmbeddedTarget}, {@link
 * ContainerTarget}, {@link LocalTarget}, {@link UrlTarget}, and a {@link LentServer} for a server
 * already running).
 */
public interface ServerTarget {

  /**
   * Starts (or attaches to) the server {@code start} asks for, ready for connections: its version
   * with its settings, capped, given a standby or its disk limited as its variant says. What the
   * target cannot give (see {@link #whyNoMemoryCap} and the others) it refuses.
   */
  PostgresServer start(ServerStart start) throws ServerException;

  /** A server of {@code version} with these settings alone: no cap, standby or disk limit. */
  default PostgresServer start(String version, Map<String, String> settings)
      throws ServerException {
    return start(new ServerStart(version, settings));
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
   * Refuses a start that asks for a disk limit, a standby or a memory cap (in that order), each
   * with this target's why: for a target that gives none of them.
   */
  default void refuseLimits(ServerStart start) throws ServerException {
    ServerVariant variant = start.variant();
    String why =
        !variant.disk().isNone()
            ? whyNoDiskLimit()
            : !variant.standby().isNone()
                ? whyNoStandby()
                : variant.memoryCap() != null ? whyNoMemoryCap() : null;
    if (why != null) {
      throw new ServerException(why);
    }
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
