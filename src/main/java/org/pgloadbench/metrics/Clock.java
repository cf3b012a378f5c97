package org.pgloadbench.metrics;

import java.lang.management.ManagementFactory;
import java.util.function.BooleanSupplier;

/**
 * The one clock of the harness: the wall time and the harness's own CPU time of a piece of work,
 * read right around it and nowhere else. Whoever runs a step or a contender's load calls {@link
 * #time}; the work itself never reads the clock, and what is sampled from the server (WAL, sizes,
 * resources) is read outside the timed region.
 */
public final class Clock {
  /** Work to time; it may fail, and a failure is timed too (until the error). */
  @FunctionalInterface
  public interface Work<T> {
    T run() throws Exception;
  }

  /**
   * What one piece of work took.
   *
   * @param value what the work returned, or null when it failed
   * @param seconds wall time
   * @param clientCpuSeconds the harness's CPU time meanwhile, or null where the JVM cannot tell
   * @param error why it failed, or null
   */
  public record Timed<T>(T value, double seconds, Double clientCpuSeconds, Exception error) {
    public boolean ok() {
      return error == null;
    }
  }

  /**
   * What counts the CPU time the harness's own process has used: every thread that generates,
   * encodes and sends rows (the parallel COPY workers included, even after they ended), and what the
   * JVM spends for them (garbage collection, compilation); null where the JVM cannot tell.
   */
  private static final com.sun.management.OperatingSystemMXBean CPU =
      ManagementFactory.getOperatingSystemMXBean()
              instanceof com.sun.management.OperatingSystemMXBean bean
          ? bean
          : null;

  private Clock() {}

  /** Runs {@code work} and times it; an exception is caught and returned with its time. */
  public static <T> Timed<T> time(Work<T> work) {
    long cpuBefore = cpuNanos();
    long start = System.nanoTime();
    try {
      T value = work.run();
      return new Timed<>(value, secondsSince(start), cpuSecondsSince(cpuBefore), null);
    } catch (Exception e) {
      double seconds = secondsSince(start);
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      return new Timed<>(null, seconds, cpuSecondsSince(cpuBefore), e);
    }
  }

  /** CPU nanoseconds used by this process so far, or -1 where the JVM cannot tell. */
  private static long cpuNanos() {
    return CPU == null ? -1 : CPU.getProcessCpuTime();
  }

  /** CPU seconds since a reading of {@link #cpuNanos}, or null when either is unknown. */
  private static Double cpuSecondsSince(long before) {
    long after = cpuNanos();
    return before < 0 || after < 0 ? null : (after - before) / 1e9;
  }

  /**
   * The clock's reading, for the wall time of what is not a step (a server's start, a load's fresh
   * database), which {@link #secondsSince} gives.
   */
  public static long now() {
    return System.nanoTime();
  }

  /** Seconds since a reading of {@link #now}. */
  public static double secondsSince(long reading) {
    return (System.nanoTime() - reading) / 1e9;
  }

  /** Sleeps; false, the thread's interrupt flag set again, when interrupted. */
  public static boolean pause(long millis) {
    try {
      Thread.sleep(millis);
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /** What {@link #await} polls for. */
  @FunctionalInterface
  public interface Check<E extends Exception> {
    boolean holds() throws E;
  }

  /**
   * Polls {@code check} every {@code everyMillis} until it holds (true), for at most {@code millis}
   * and while {@code alive} holds (false when either ends it, or an interrupt: its flag set again).
   */
  public static <E extends Exception> boolean await(
      long millis, long everyMillis, Check<E> check, BooleanSupplier alive) throws E {
    long deadline = System.nanoTime() + millis * 1_000_000;
    while (!check.holds()) {
      if (!alive.getAsBoolean() || System.nanoTime() > deadline || !pause(everyMillis)) {
        return false;
      }
    }
    return true;
  }
}
