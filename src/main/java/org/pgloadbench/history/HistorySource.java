package org.pgloadbench.history;

import java.io.IOException;
import java.util.List;

/**
 * Where the runs of a history are read from: the results directories of this machine ({@link
 * ResultsDirectories}) or the results database that many machines publish into ({@link
 * DatabaseSource}). Both give the same points for the same runs.
 */
public interface HistorySource {
  /** The scenarios that have runs here, by name. */
  List<String> scenarios() throws IOException, HistoryException;

  /**
   * Every point of the scenario's runs: one per run, server, cell and step, and one for each cell's
   * total ({@link HistoryPoint#TOTAL}). A control server (its label ending in {@code -control})
   * repeats its base and is left out.
   */
  List<HistoryPoint> points(String scenario) throws IOException, HistoryException;

  /** Where the runs come from, as the report says it: never with a password. */
  String where();
}
