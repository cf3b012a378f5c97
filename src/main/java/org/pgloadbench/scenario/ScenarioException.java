package org.pgloadbench.scenario;

/**
 * A scenario that cannot be used, or a bad override. The message is one line a user can act on:
 * {@code file:line: field: what is wrong; what to do} for a scenario file, {@code NAME=value: ...}
 * for an override.
 */
public class ScenarioException extends Exception {
  private static final long serialVersionUID = 1L;

  public ScenarioException(String message) {
    super(message);
  }
}
