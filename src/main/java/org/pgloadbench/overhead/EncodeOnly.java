package org.pgloadbench.overhead;

import org.pgloadbench.copy.RowEncoder;
import org.pgloadbench.dataset.RowSource;

/**
 * Not a loader: the harness's client side alone, generating and encoding the case's rows into a
 * sink that keeps nothing, on one thread. Beside the server reading the same bytes from a file it
 * says how many times faster than the server's ingest the client produces rows.
 */
final class EncodeOnly implements Contender {
  static final String NAME = "encode-only";

  /**
   * A table of fewer rows is gone over again until this many: the relations of middle-pk-freeze
   * at scale 20 (8,000 rows) take 10 ms, too short for a steady rate, and varied by half from
   * round to round; 200,000 of them take about 0.2 s.
   */
  static final long MIN_ROWS = 200_000;

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public boolean loads() {
    return false;
  }

  @Override
  public int passes(RowSource rows) {
    long each = Math.max(1, rows.rows());
    return (int) Math.max(1, (MIN_ROWS + each - 1) / each);
  }

  @Override
  public long load(Match match) throws Exception {
    long[] bytes = {0};
    RowEncoder encoder = match.format().encoder((buffer, offset, length) -> bytes[0] += length);
    int passes = passes(match.rows());
    for (int i = 0; i < passes; i++) {
      match.rows().writeTo(encoder);
    }
    encoder.finish();
    return bytes[0] > 0 ? passes * match.rows().rows() : 0;
  }
}
