package org.pgloadbench.overhead;

import java.util.Map;
import org.pgloadbench.server.Credentials;
import org.pgloadbench.server.PostgresServer;
import org.pgloadbench.server.ServerException;
import org.pgloadbench.server.ServerTarget;

/**
 * A server that is already running, as a target for the runner: the head-to-head lends it its
 * server, so that the harness and the other program load on the very same one. The runner's close
 * leaves it running; the head-to-head stops it.
 */
final class SharedServer implements ServerTarget {
  private final PostgresServer server;

  SharedServer(PostgresServer server) {
    this.server = server;
  }

  @Override
  public PostgresServer start(String version, Map<String, String> settings) {
    return new PostgresServer() {
      @Override
      public String version() {
        return server.version();
      }

      @Override
      public String jdbcUrl(String database) {
        return server.jdbcUrl(database);
      }

      @Override
      public Credentials credentials() {
        return server.credentials();
      }

      @Override
      public void recover() throws ServerException {
        server.recover();
      }

      @Override
      public void close() {
        // lent, not owned
      }
    };
  }

  @Override
  public String resolve(String requested) {
    return server.version();
  }
}
