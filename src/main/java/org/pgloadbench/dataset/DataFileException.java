package org.pgloadbench.dataset;

import java.io.IOException;

/**
 * A data file the harness cannot use as it is (a file given as OSM PBF that cannot be read as one,
 * a cache of decoded files another user could write to): for the user to fix, told in one line
 * (exit 2), not a failure of the harness.
 */
public final class DataFileException extends IOException {
  public DataFileException(String message) {
    super(message);
  }
}
