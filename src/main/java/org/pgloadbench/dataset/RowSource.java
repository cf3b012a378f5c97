package org.pgloadbench.dataset;

import java.sql.SQLException;
import org.pgloadbench.copy.RowEncoder;

/**
 * The rows of one table, generated on demand and streamed into an encoder with constant memory. The
 * same source writes the same rows every time.
 */
public interface RowSource {
  /** How many rows {@link #writeTo} writes: what the server's reported count is checked against. */
  long rows();

  /** Writes every row, then nothing else: the caller calls {@link RowEncoder#finish()}. */
  void writeTo(RowEncoder encoder) throws SQLException;

  /**
   * Part {@code index} of {@code parts} disjoint parts that together hold exactly this source's
   * rows, in the same order: what one of a cell's connections loads while the others load theirs.
   */
  RowSource slice(int index, int parts);
}
