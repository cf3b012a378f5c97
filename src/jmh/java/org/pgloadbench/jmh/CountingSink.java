package org.pgloadbench.jmh;

import org.pgloadbench.copy.CopySink;

/**
 * A COPY sink that keeps nothing: it counts the bytes and folds the last byte of each chunk into a
 * checksum, so that the encoder's writes into its buffer are observed and cannot be optimised away.
 */
final class CountingSink implements CopySink {
  long bytes;
  long checksum;

  @Override
  public void write(byte[] buffer, int offset, int length) {
    bytes += length;
    checksum = checksum * 31 + (length == 0 ? 0 : buffer[offset + length - 1]);
  }
}
