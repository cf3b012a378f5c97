package org.pgloadbench.cli;

import java.io.PrintStream;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.pgloadbench.dataset.MiddleTable;
import org.pgloadbench.run.Progress;

/**
 * A progress bar with an ETA over every load of a run, naming the server, cell and step under way,
 * for a terminal. The bar redraws from its own thread once a second; the runner only sets a counter
 * and a message between steps, so the measured steps pay nothing for it. A failed load is still
 * printed as its line, above the bar.
 */
final class TerminalProgress implements Progress {
  private final PrintStream terminal;
  private ProgressBar bar;

  TerminalProgress(PrintStream terminal) {
    this.terminal = terminal;
  }

  /** The bar on a terminal; one line per load where the output is a log or a pipe. */
  static Progress choose(java.io.PrintWriter out) {
    return System.console() != null ? new TerminalProgress(System.err) : Progress.lines(out);
  }

  @Override
  public void begin(int loads) {
    bar =
        new ProgressBarBuilder()
            .setTaskName("bench")
            .setInitialMax(loads)
            .setStyle(ProgressBarStyle.COLORFUL_UNICODE_BLOCK)
            .setUpdateIntervalMillis(1000)
            .setUnit(" loads", 1)
            .setConsumer(new ConsoleProgressBarConsumer(terminal))
            .build();
  }

  @Override
  public void more(int loads) {
    bar.maxHint(bar.getMax() + loads);
  }

  @Override
  public void stepStarting(String server, String cell, String table, String step) {
    bar.setExtraMessage(
        " PG " + server + " · " + cell + " · " + MiddleTable.shortName(table) + " " + step);
  }

  @Override
  public void loadEnded(String line, boolean ok) {
    if (!ok) {
      note(line);
    }
    bar.step();
  }

  @Override
  public void note(String line) {
    synchronized (terminal) {
      terminal.print("\r\033[K");
      terminal.println(line);
    }
  }

  @Override
  public void end() {
    if (bar != null) {
      bar.close();
    }
  }
}
