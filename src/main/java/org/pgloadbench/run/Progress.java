package org.pgloadbench.run;

import java.io.PrintWriter;

/**
 * What a run shows while it goes. The runner calls it only between steps, never inside a timed
 * region, so what it costs is never measured.
 */
public interface Progress {
  /** The run is about to start {@code loads} loads in all, warm-ups included. */
  default void begin(int loads) {}

  /** The run goes on for {@code loads} more loads than it said (repeat: auto, a race). */
  default void more(int loads) {}

  /** A step is about to start (a terminal shows it; a log does not). */
  default void stepStarting(String server, String cell, String table, String step) {}

  /** A load ended; {@code line} is its one-line summary, {@code ok} false when a step failed. */
  void loadEnded(String line, boolean ok);

  /** Something every reader must see, such as a server that failed to start. */
  void note(String line);

  /** The run is over (also after a failure or Ctrl-C). */
  default void end() {}

  /** One line per load, as a log or a pipe wants it. */
  static Progress lines(PrintWriter out) {
    return new Progress() {
      @Override
      public void loadEnded(String line, boolean ok) {
        note(line);
      }

      @Override
      public void note(String line) {
        out.println(line);
        out.flush();
      }
    };
  }
}
