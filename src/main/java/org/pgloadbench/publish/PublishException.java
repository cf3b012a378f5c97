package org.pgloadbench.publish;

import org.pgloadbench.server.ServerException;

/**
 * The results database could not be used: one line naming it (redacted) and what to do. A kind of
 * {@link ServerException}, since the database is a server the harness does not own, so that every
 * command reports it as one line and exit 2.
 */
public final class PublishException extends ServerException {
  public PublishException(String message) {
    super(message);
  }
}
