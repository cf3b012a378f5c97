package org.pgloadbench.server;

import java.util.Map;

/**
 * Where servers come from: one implementation per kind of target (embedded binaries now;
 * containers, a local install dir and an external URL later).
 */
public interface ServerTarget {

  /**
   * Starts (or attaches to) a server of the given version with these settings, ready for
   * connections.
   */
  PostgresServer start(String version, Map<String, String> settings) throws ServerException;

  /**
   * Checks what the target needs before any server starts (a work directory of the user's own,
   * say), so that a run that cannot start fails with one line before it begins. {@code start}
   * checks too.
   */
  default void prepare() throws ServerException {}

  /** The exact version {@code start} would run for a requested one, or why it cannot. */
  String resolve(String requested) throws ServerException;
}
