package org.pgloadbench.overhead;

import java.sql.Connection;
import java.sql.Statement;

/**
 * The server reading the bytes itself: {@code COPY ... FROM '<file>'}, one file per connection, no
 * client in the way. The files must be readable by the server's OS user.
 */
final class ServerFileCopy implements Contender {
  static final String NAME = "server-file";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public long load(Match match) throws Exception {
    return Parallel.sum(
        match.parts(),
        i ->
            () -> {
              Connection connection = match.connections().get(i);
              String path = match.files().get(i).toAbsolutePath().toString();
              try (Statement statement = connection.createStatement()) {
                return (long)
                    statement.executeUpdate(
                        "COPY "
                            + match.copyTarget()
                            + " FROM '"
                            + path.replace("'", "''")
                            + "' "
                            + match.copyOptions());
              }
            });
  }
}
