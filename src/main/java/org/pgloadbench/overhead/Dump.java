package org.pgloadbench.overhead;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import org.pgloadbench.copy.CopyFormat;
import org.pgloadbench.copy.RowEncoder;
import org.pgloadbench.dataset.RowSource;

/**
 * Writes the bytes the harness would stream by COPY into a file, so that psql or the server can
 * load the very same bytes, or anyone can look at them.
 */
public final class Dump {
  private Dump() {}

  /** Writes every row of {@code rows} in {@code format} to {@code file}; returns the bytes. */
  public static long write(RowSource rows, CopyFormat format, Path file) throws IOException {
    long[] bytes = {0};
    try (OutputStream out = Files.newOutputStream(file)) {
      // the encoder's own buffer batches the writes: no second buffer on the way to the file
      RowEncoder encoder =
          format.encoder(
              (buffer, offset, length) -> {
                try {
                  out.write(buffer, offset, length);
                  bytes[0] += length;
                } catch (IOException e) {
                  throw new UncheckedIOException(e);
                }
              });
      rows.writeTo(encoder);
      encoder.finish();
    } catch (UncheckedIOException e) {
      throw e.getCause();
    } catch (SQLException e) {
      throw new IOException("cannot encode the rows: " + e.getMessage(), e);
    }
    return bytes[0];
  }
}
