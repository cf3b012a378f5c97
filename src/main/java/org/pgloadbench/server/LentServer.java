package org.pgloadbench.server;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;

/**
 * A server that is already running, as a target for the runner: every start gets the same server,
 * so that several loads (the harness and another program in a head-to-head, one scenario after
 * another in a test) run on the very same one. Closing what it lends leaves the server running; its
 * owner stops it.
 */
public record LentServer(PostgresServer server) implements ServerTarget {
  /** The server itself for every call but {@link PostgresServer#close}: lent, not owned. */
  @Override
  public PostgresServer start(ServerStart start) throws ServerException {
    refuseLimits(start);
    return (PostgresServer)
        Proxy.newProxyInstance(
            PostgresServer.class.getClassLoader(),
            new Class<?>[] {PostgresServer.class},
            (proxy, method, args) -> {
              if (method.getName().equals("close")) {
                return null;
              }
              try {
                return method.invoke(server, args);
              } catch (InvocationTargetException e) {
                throw e.getCause();
              }
            });
  }

  @Override
  public String resolve(String requested) {
    return server.version();
  }
}
