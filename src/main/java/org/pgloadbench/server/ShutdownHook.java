package org.pgloadbench.server;

/**
 * Work that must happen on Ctrl-C too (stop a server, drop a database, stop a run), registered with
 * the JVM until {@link #remove} says it was done in the ordinary way.
 */
public final class ShutdownHook {
  private final Thread thread;

  private ShutdownHook(Thread thread) {
    this.thread = thread;
  }

  /** Registers {@code work} to run when the JVM shuts down. */
  public static ShutdownHook register(String name, Runnable work) {
    Thread thread = new Thread(work, name);
    Runtime.getRuntime().addShutdownHook(thread);
    return new ShutdownHook(thread);
  }

  /** The work was done (or is no longer needed): it will not run at shutdown. */
  public void remove() {
    try {
      Runtime.getRuntime().removeShutdownHook(thread);
    } catch (IllegalStateException shuttingDown) {
      // the JVM is shutting down: the hook is running, maybe this very call's caller
    }
  }
}
