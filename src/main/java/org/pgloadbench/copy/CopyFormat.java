package org.pgloadbench.copy;

import java.util.Locale;
import java.util.function.Function;

/** The COPY data format: the {@code format} axis of a scenario. */
public enum CopyFormat {
  TEXT(TextRowEncoder::new),
  BINARY(BinaryRowEncoder::new);

  private final Function<CopySink, RowEncoder> encoders;

  CopyFormat(Function<CopySink, RowEncoder> encoders) {
    this.encoders = encoders;
  }

  public RowEncoder encoder(CopySink sink) {
    return encoders.apply(sink);
  }

  /** The name COPY's FORMAT option takes. */
  public String sqlName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
