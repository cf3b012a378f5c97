package org.pgloadbench.cli;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Optional;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.pgloadbench.dataset.MiddleTable;
import org.pgloadbench.estimate.Eta;
import org.pgloadbench.run.Progress;

/**
 * A progress bar with an ETA over every load of a run, naming the server, cell and step under way,
 * for a terminal. The bar redraws from its own thread once a second; the runner only sets a counter
 * and a message between steps, so the measured steps pay nothing for it. A failed load is still
 * printed as its line, above the bar. With an estimate from stored runs the ETA starts from it and
 * follows how the run goes against it; without one, the bar's own (the loads' mean so far).
 */
final class TerminalProgress implements Progress {
  private final PrintStream terminal;
  private final Eta eta;
  private ProgressBar bar;
  private long begun;
  private volatile double lastEnd;

  /** {@code eta} null for the bar's own. */
  TerminalProgress(PrintStream terminal, Eta eta) {
    this.terminal = terminal;
    this.eta = eta;
  }

  /** The bar on a terminal; one line per load where the output is a log or a pipe. */
  static Progress choose(java.io.PrintWriter out, Eta eta) {
    return System.console() != null ? new TerminalProgress(System.err, eta) : Progress.lines(out);
  }

  @Override
  public void begin(int loads) {
    begun = System.nanoTime();
    ProgressBarBuilder builder =
        new ProgressBarBuilder()
            .setTaskName("bench")
            .setInitialMax(loads)
            .setStyle(ProgressBarStyle.COLORFUL_UNICODE_BLOCK)
            .setUpdateIntervalMillis(1000)
            .setUnit(" loads", 1)
            .setConsumer(new ConsoleProgressBarConsumer(terminal));
    if (eta != null) {
      builder.setEtaFunction(
          state ->
              Optional.of(
                  Duration.ofMillis(
                      Math.round(1000 * eta.remaining(state.getCurrent(), lastEnd, seconds())))));
    }
    bar = builder.build();
  }

  private double seconds() {
    return (System.nanoTime() - begun) / 1e9;
  }

  @Override
  public void more(int loads) {
    if (eta != null) {
      eta.more(loads);
    }
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
    lastEnd = seconds();
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
