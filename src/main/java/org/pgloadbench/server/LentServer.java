package org.pgloadbench.server;

import java.util.List;
import java.util.Map;
import org.pgloadbench.metrics.ResourceMeter;

/**
 * A server that is already running, as a target for the runner: every start gets the same server,
 * so that several loads (the harness and another program in a head-to-head, one scenario after
 * another in a test) run on the very same one. Closing what it lends leaves the server running; its
 * owner stops it.
 */
public final class LentServer implements ServerTarget {
  private final PostgresServer server;

  public LentServer(PostgresServer server) {
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
      public Map<String, String> details() {
        return server.details();
      }

      @Override
      public List<String> limitations() {
        return server.limitations();
      }

      @Override
      public ResourceMeter resources() {
        return server.resources();
      }

      @Override
      public long oomKills() {
        return server.oomKills();
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
