package org.pgloadbench.copy;

import java.sql.SQLException;

/**
 * Where an encoder's buffer goes: pgjdbc's {@code CopyIn::writeToCopy} in a load, a byte array in a
 * test. Each call gets whole rows (plus the binary header or trailer), never part of one.
 */
@FunctionalInterface
public interface CopySink {
  /**
   * Takes {@code length} bytes of {@code buffer} from {@code offset}. The array is the encoder's
   * own and is overwritten after the call returns: a sink that keeps the bytes must copy them.
   */
  void write(byte[] buffer, int offset, int length) throws SQLException;
}
