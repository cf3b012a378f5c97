package org.pgloadbench.overhead;

import org.pgloadbench.copy.RowEncoder;

/**
 * Not a loader: the harness's client side alone, generating and encoding the case's rows into a
 * sink that keeps nothing, on one thread. Beside the server reading the same bytes from a file it
 * says how many times faster than the server's ingest the client produces rows.
 */
final class EncodeOnly implements Contender {
  static final String NAME = "encode-only";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public boolean loads() {
    return false;
  }

  @Override
  public long load(Match match) throws Exception {
    long[] bytes = {0};
    RowEncoder encoder = match.format().encoder((buffer, offset, length) -> bytes[0] += length);
    match.rows().writeTo(encoder);
    encoder.finish();
    return bytes[0] > 0 ? match.rows().rows() : 0;
  }
}
