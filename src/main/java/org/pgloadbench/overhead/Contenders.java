package org.pgloadbench.overhead;

import java.util.List;

/** The contenders of each head-to-head. */
public final class Contenders {
  private Contenders() {}

  /**
   * The harness's streamed COPY, psql's {@code \copy} of the same bytes, the server's own read, and
   * the harness's parts alone: its driver streaming the bytes, its generator and encoder.
   */
  public static List<Contender> copy() {
    return List.of(
        new HarnessCopy(),
        new PsqlCopy(),
        new ServerFileCopy(),
        new StreamedFile(),
        new EncodeOnly());
  }
}
