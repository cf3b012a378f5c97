package org.pgloadbench.history;

/** What keeps a history from being read, in one line that says what to do: exit 2. */
public final class HistoryException extends Exception {
  public HistoryException(String message) {
    super(message);
  }

  public HistoryException(String message, Throwable cause) {
    super(message, cause);
  }
}
