package org.pgloadbench.server;

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
  public PostgresServer start(ServerStart start) throws ServerException {
    refuseLimits(start);
    return new ForwardingServer(server) {
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
