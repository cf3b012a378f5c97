package org.pgloadbench.copy;


/** The COPY data format: the {@code format} axis of a scenario. */
public enum CopyFormat {
  TEXT {
    @Override
    public RowEncoder encoder(CopySink sink) {
      return new TextRowEncoder(sink);
    }
  },
  BINARY {
    @Override
    public RowEncoder encoder(CopySink sink) {
      return new BinaryRowEncoder(sink);
    }
  };

  public abstract RowEncoder encoder(CopySink sink);

  /** The name COPY's FORMAT option takes. */
  public String sqlName() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
