package org.pgloadbench.overhead;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
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
    return match.eachFile((connection, file) -> copy(match, connection, file));
  }

  private static long copy(Match match, Connection connection, Path file) throws SQLException {
    String path = file.toAbsolutePath().toString();
    try (Statement statement = connection.createStatement()) {
      return statement.executeUpdate(
          "COPY "
              + match.copyTarget()
              + " FROM '"
              + path.replace("'", "''")
              + "' "
              + match.copyOptions());
    }
  }
}
