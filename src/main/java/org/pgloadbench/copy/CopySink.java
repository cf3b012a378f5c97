package org.pgloadbench.copy;

import java.sql.SQLException;

/** Where an encoder's buffer goes: pgjdbc's {@code CopyIn::writeToCopy} in a load, a byte array in a test. */
@FunctionalInterface
public interface CopySink {
  void write(byte[] buffer, int offset, int length) throws SQLException;
}
