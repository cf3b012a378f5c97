package org.pgloadbench.analysis;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.pgloadbench.results.Measurements;
import org.pgloadbench.results.Repetitions;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.results.Summary;

/**
 * Whether a disk limit held a cell's load: the share of the bytes the server's processes wrote that
 * passed no throttle. Under cgroup v1 the kernel's writeback of buffered writes is charged to no
 * cgroup, and a memory cap forces it early, so a capped, buffered server's heap can pass the
 * throttle while its WAL pays it; a ratio measured so compares a throttled side with one that
 * mostly was not, and is not the disk's. Over a cell's whole load (every step and table), since
 * what one step leaves dirty a later CHECKPOINT may still sync through the throttle.
 */
public final class EscapedWrites {
  /** The share above which a throttled measurement is not judged. */
  public static final double MAX_SHARE = 0.05;

  private EscapedWrites() {}

  /**
   * What escaped of {@code serverWritten} bytes when the throttle counted {@code throttled}; NaN
   * where either is unknown or nothing was written.
   */
  public static double share(double serverWritten, double throttled) {
    if (Double.isNaN(serverWritten) || Double.isNaN(throttled) || !(serverWritten > 0)) {
      return Double.NaN;
    }
    return Math.max(0, serverWritten - throttled) / serverWritten;
  }

  /**
   * The escaped share of one cell's load on one server, from its steps (every table and step,
   * medians over repetitions); NaN for a server whose disk was not limited.
   */
  public static double of(List<StepResult> steps, String server, String cell) {
    List<StepResult> load =
        steps.stream().filter(s -> s.server().equals(server) && s.cell().equals(cell)).toList();
    return share(
        median(load, Measurements::serverWrittenBytes),
        median(load, Measurements::throttledWrittenBytes));
  }

  /** The larger share of two, NaN only when both are. */
  public static double larger(double a, double b) {
    return Double.isNaN(a) ? b : Double.isNaN(b) ? a : Math.max(a, b);
  }

  /** Whether a measurement with this escaped share is to be judged (NaN: no throttle, judged). */
  public static boolean judged(double share) {
    return !(share > MAX_SHARE);
  }

  /** "not judged: 41% of the writes escaped the disk limit". */
  public static String notJudged(double share) {
    return String.format(
        Locale.ROOT, "not judged: %.1f%% of the writes escaped the disk limit", share * 100);
  }

  private static double median(List<StepResult> steps, Function<Measurements, Long> measure) {
    Map<Integer, Double> sums = Repetitions.sums(steps, measure);
    return sums.isEmpty() ? Double.NaN : Summary.of(sums.values()).median();
  }
}
