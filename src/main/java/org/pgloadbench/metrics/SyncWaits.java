package org.pgloadbench.metrics;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.regex.Pattern;

/**
 * The time a step's commits waited for a synchronous standby, by sampling: PostgreSQL keeps no
 * total of it, only each session's wait of the moment, which a backend also shows in its process
 * title ({@code ... waiting for 0/3A2B4C8} while in the {@code SyncRep} wait). While the step runs,
 * a thread of its own reads the titles of the load's backends from {@code /proc} every 5 ms and
 * adds, for each backend seen waiting, the time since its last look: session-seconds, each wait
 * counted to within about one look, unbiased. It asks nothing of the server (a query of {@code
 * pg_stat_activity} as often cost its backend 2% of a CPU here), so it needs the server's processes
 * on this machine: the embedded and local targets, the only ones with a standby.
 *
 * <p>The sampler also watches the standby: once it is down no commit would ever return, so the
 * waits are cancelled ({@code pg_cancel_backend}: the commit, already durable on the primary,
 * returns with a warning) and the step can end, to be failed with that cause.
 *
 * @param session a session on the primary, to cancel waits on a standby gone down
 * @param backends the process ids of the load's backends
 * @param standbyAlive whether the standby still runs
 */
public record SyncWaits(Connection session, List<Long> backends, BooleanSupplier standbyAlive) {
  private static final long INTERVAL_NANOS = TimeUnit.MILLISECONDS.toNanos(5);

  /** SyncRepWaitForLSN's process title suffix (PostgreSQL 14 to 18). */
  private static final Pattern WAITING = Pattern.compile(" waiting for [0-9A-F]+/[0-9A-F]+");

  public SyncWaits {
    backends = List.copyOf(backends);
  }

  /** Samples until {@link Sampling#stop}. */
  public Sampling start() {
    Sampling sampling = new Sampling();
    sampling.thread.start();
    return sampling;
  }

  /** How many of the load's backends wait for the standby now. */
  public int waiting() {
    int waiting = 0;
    for (long pid : backends) {
      try {
        String title =
            new String(
                Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline")),
                StandardCharsets.UTF_8);
        if (WAITING.matcher(title).find()) {
          waiting++;
        }
      } catch (IOException gone) {
        // the backend exited: it waits for nothing
      }
    }
    return waiting;
  }

  /** One step's sampling. */
  public final class Sampling {
    private final Thread thread = new Thread(this::run, "pgloadbench-sync-waits");
    private volatile boolean running = true;
    private double waited;
    private boolean failed;

    private Sampling() {
      thread.setDaemon(true);
    }

    /**
     * Stops sampling; returns the session-seconds the load's commits waited for the standby, or
     * null when the sampler could not cancel the waits of a standby gone down.
     */
    public Double stop() {
      running = false;
      try {
        thread.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return failed ? null : waited;
    }

    private void run() {
      long last = System.nanoTime();
      try {
        while (running) {
          int waiters = waiting();
          long now = System.nanoTime();
          waited += waiters * (now - last) / 1e9;
          last = now;
          if (waiters > 0 && !standbyAlive.getAsBoolean()) {
            cancel();
          }
          long pause = INTERVAL_NANOS - (System.nanoTime() - now);
          if (pause > 0) {
            TimeUnit.NANOSECONDS.sleep(pause);
          }
        }
      } catch (SQLException e) {
        failed = true;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }

    private void cancel() throws SQLException {
      try (PreparedStatement s =
          session.prepareStatement(
              "SELECT pg_catalog.pg_cancel_backend(pid) FROM pg_catalog.pg_stat_activity"
                  + " WHERE wait_event = 'SyncRep' AND pid = ANY (?)")) {
        s.setArray(1, session.createArrayOf("int8", backends.toArray()));
        s.executeQuery().close();
      }
    }
  }
}
