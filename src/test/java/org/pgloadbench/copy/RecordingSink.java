package org.pgloadbench.copy;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * A sink that keeps everything it is given, the length of each call, and the size of the array the
 * last call handed over (the encoder's own buffer: what its memory bound is about).
 */
final class RecordingSink implements CopySink {
  private final ByteArrayOutputStream stream = new ByteArrayOutputStream();
  private final List<Integer> chunkLengths = new ArrayList<>();
  private int arrayLength;

  @Override
  public void write(byte[] buffer, int offset, int length) {
    stream.write(buffer, offset, length); // copies: the encoder reuses its array
    chunkLengths.add(length);
    arrayLength = buffer.length;
  }

  byte[] bytes() {
    return stream.toByteArray();
  }

  /** The size of the array the last call was given. */
  int arrayLength() {
    return arrayLength;
  }

  List<Integer> chunkLengths() {
    return chunkLengths;
  }
}
