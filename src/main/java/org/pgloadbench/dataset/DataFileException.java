package org.pgloadbench.dataset;

import java.io.IOException;

/**
 * A data file that is not what it says it is (a file given as OSM PBF that cannot be read as one):
 * bad input for the user to fix, told in one line (exit 2), not a failure of the harness.
 */
public final class DataFileException extends IOException {
  public DataFileException(String message) {
    super(message);
  }
}
