package org.pgloadbench.overhead;

import java.io.InputStream;
import java.nio.file.Files;
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
    return Parallel.sum(
        match.parts(),
        i ->
            () -> {
              CopyManager copy =
                  new CopyManager(match.connections().get(i).unwrap(BaseConnection.class));
              try (InputStream in = Files.newInputStream(match.files().get(i))) {
                return copy.copyIn(
                    "COPY " + match.copyTarget() + " FROM STDIN " + match.copyOptions(), in, CHUNK);
              }
            });
  }
}
