package org.pgloadbench.overhead;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import org.postgresql.copy.CopyManager;
import org.postgresql.core.BaseConnection;

/**
 * The harness's own driver and connections streaming the dumped file, nothing generated or encoded:
 * the harness's load without its client work. Against the harness it shows what generating and
 * encoding while sending costs; against the server reading the file, what the wire costs (the
 * protocol, the socket, the driver).
 */
final class StreamedFile implements Contender {
  static final String NAME = "jdbc-file";

  /** As large as the harness's flushes, so that both send messages of the same size. */
  private static final int CHUNK = 64 * 1024;

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public long load(Match match) throws Exception {
    return match.eachFile((connection, file) -> stream(match, connection, file));
  }

  private static long stream(Match match, Connection connection, Path file)
      throws SQLException, IOException {
    CopyManager copy = new CopyManager(connection.unwrap(BaseConnection.class));
    try (InputStream in = Files.newInputStream(file)) {
      return copy.copyIn(
          "COPY " + match.copyTarget() + " FROM STDIN " + match.copyOptions(), in, CHUNK);
    }
  }
}
