package org.pgloadbench.server;

/** A server could not be had: the message is one line that says what happened and what to do. */
public class ServerException extends Exception {
  public ServerException(String message) {
    super(message);
  }

  public ServerException(String message, Throwable cause) {
    super(message, cause);
  }
}
