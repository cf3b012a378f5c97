package org.pgloadbench.copy;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;

/** A sink that keeps everything it is given, and the length of each call. */
final class RecordingSink implements CopySink {
  private final ByteArrayOutputStream stream = new ByteArrayOutputStream();
  private final List<Integer> chunkLengths = new ArrayList<>();

  @Override
  public void write(byte[] buffer, int offset, int length) {
    stream.write(buffer, offset, length); // copies: the encoder reuses its array
    chunkLengths.add(length);
  }

  byte[] bytes() {
    return stream.toByteArray();
  }

  List<Integer> chunkLengths() {
    return chunkLengths;
  }
}
