package org.pgloadbench.metrics;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * Counts the instructions a server's processes execute for a step, where the server runs under an
 * instruction counter (valgrind): whoever owns the clock opens a window on the step's sessions
 * right before the step and closes it right after, outside the timed region. Unlike time, the count
 * does not vary with what else the machine does, so builds compare to a hundredth of a percent; it
 * leaves out I/O, lock waits, fsync and the client.
 */
public interface InstructionCounter {
  /** Starts counting on each of {@code sessions} (their backends). */
  Window open(List<Connection> sessions) throws SQLException;

  /** A count begun on some sessions. */
  interface Window {
    /** The instructions the sessions' backends executed since the window opened. */
    long close() throws SQLException;
  }
}
