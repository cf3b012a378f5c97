package org.pgloadbench.server;

/** A server could not be had: the message is one line that says what happened and what to do. */
public class ServerException extends Exception {
  private final String field;

  public ServerException(String message) {
    this(message, (String) null);
  }

  public ServerException(String message, Throwable cause) {
    super(message, cause);
    this.field = null;
  }

  /**
   * A mistake in the scenario's {@code servers} that only the target can see, e.g. {@code image} or
   * {@code builds.head} for an image or bin dir that does not exist: the caller reports it at that
   * field's line in the scenario file.
   */
  public ServerException(String message, String field) {
    super(message);
    this.field = field;
  }

  /** The field under {@code servers} the mistake is in, or null when it is not the scenario's. */
  public String field() {
    return field;
  }
}
