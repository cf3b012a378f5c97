package org.pgloadbench.server;

import java.util.Map;

/**
 * A target whose servers the harness launches itself (the embedded binaries, local builds,
 * containers): each limit it can give is decided in its one full {@link ServerTarget#start}, so
 * every shorter one is the full one with nothing asked for, rather than ServerTarget's refusal of
 * what it cannot do; what a target cannot give (a container's standby), its full start refuses.
 */
public interface LaunchingTarget extends ServerTarget {
  @Override
  default PostgresServer start(String version, Map<String, String> settings)
      throws ServerException {
    return start(version, settings, null);
  }

  @Override
  default PostgresServer start(String version, Map<String, String> settings, Long memoryBytes)
      throws ServerException {
    return start(version, settings, memoryBytes, StandbyMode.NONE);
  }

  @Override
  default PostgresServer start(
      String version, Map<String, String> settings, Long memoryBytes, StandbyMode standby)
      throws ServerException {
    return start(version, settings, memoryBytes, standby, DiskLimit.NONE);
  }

  @Override
  PostgresServer start(
      String version,
      Map<String, String> settings,
      Long memoryBytes,
      StandbyMode standby,
      DiskLimit disk)
      throws ServerException;
}
