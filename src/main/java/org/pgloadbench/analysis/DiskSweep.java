package org.pgloadbench.analysis;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.pgloadbench.scenario.Claim;
import org.pgloadbench.variant.DiskLimit;

/**
 * A claim's ratio against the disk's bandwidth, where a scenario's disk axis lists several limits
 * and the claim names its cells without it (one check per limit): where the measured ratio meets
 * the published one, and over which bandwidths the size is as published. Bandwidths are
 * interpolated on a log scale between neighbouring measured limits, as a disk's effect on a
 * load's time goes with the bytes over the rate; an unthrottled limit stands above them all.
 *
 * @param series one per claim, settings profile and version, in claim order
 */
public record DiskSweep(List<Series> series) {

  /**
   * A claim measured at one disk limit.
   *
   * @param bandwidth the limit's write rate in bytes per second (its read rate where writes are not
   *     held); infinite for an unthrottled disk
   */
  public record Point(DiskLimit disk, double bandwidth, ClaimCheck check) {
    /** Whether its size verdict counts: measured, and no side's writes escaped the limit. */
    boolean judged() {
      return check.size() != Size.NONE && check.size() != Size.NOT_JUDGED;
    }
  }

  /**
   * Where a claim's size is as published.
   *
   * @param crossing the bandwidth at which the measured ratio equals the published one, NaN where
   *     it does not cross between two measured limits
   * @param from the lowest bandwidth at which the size is as published (interpolated), NaN for
   *     none; at the lowest measured limit, it may hold below it too
   * @param to the highest such bandwidth; infinite where it holds unthrottled
   * @param nearest the measured limit whose ratio lies nearest the published one (on a log scale),
   *     where a regime calibrated on the claim runs when its ratio crosses nowhere; NaN for none
   */
  public record Range(double crossing, double from, double to, double nearest) {
    public boolean any() {
      return !Double.isNaN(from);
    }
  }

  /** One claim's points, slowest disk first, and where its size is as published. */
  public record Series(Claim claim, String versions, List<Point> points, Range range) {
    /** The published ratio, or null. */
    public Double published() {
      return claim.seedRatio();
    }
  }

  /** The sweep of {@code checks}; empty where no claim was checked on two or more disk limits. */
  public static DiskSweep of(List<ClaimCheck> checks) {
    Map<List<Object>, List<Point>> byClaim = new LinkedHashMap<>();
    for (ClaimCheck check : checks) {
      Claim claim = check.claim();
      Optional<DiskLimit> disk = Optional.ofNullable(claim.disk()).flatMap(DiskLimit::parse);
      if (disk.isPresent()) {
        List<Object> key =
            List.of(claim.claim(), String.valueOf(claim.settings()), check.versions());
        byClaim
            .computeIfAbsent(key, k -> new ArrayList<>())
            .add(new Point(disk.get(), bandwidth(disk.get()), check));
      }
    }
    List<Series> series = new ArrayList<>();
    byClaim.forEach(
        (key, points) -> {
          if (points.size() >= 2) {
            List<Point> sorted =
                points.stream().sorted(Comparator.comparingDouble(Point::bandwidth)).toList();
            ClaimCheck one = points.get(0).check(); // the first check of the claim
            series.add(
                new Series(one.claim(), one.versions(), sorted, range(one.claim(), sorted)));
          }
        });
    return new DiskSweep(series);
  }

  public boolean isEmpty() {
    return series.isEmpty();
  }

  /** Bytes per second a limit lets through: its write rate, else its read rate, else infinite. */
  public static double bandwidth(DiskLimit disk) {
    long rate = disk.writeBytes() > 0 ? disk.writeBytes() : disk.readBytes();
    return rate > 0 ? rate : Double.POSITIVE_INFINITY;
  }

  /**
   * Where the published ratio lies within the widened interval, the interval's ends interpolated on
   * log bandwidth between neighbouring judged points; and where the ratio itself crosses it.
   */
  static Range range(Claim claim, List<Point> points) {
    Double published = claim.seedRatio();
    List<Point> judged = points.stream().filter(Point::judged).toList();
    if (published == null || judged.isEmpty()) {
      return new Range(Double.NaN, Double.NaN, Double.NaN, Double.NaN);
    }
    double p = published;
    Point nearest =
        judged.stream()
            .min(Comparator.comparingDouble(x -> Math.abs(Math.log(x.check().ratio() / p))))
            .orElseThrow();
    double crossing = Double.NaN;
    double from = Double.NaN;
    double to = Double.NaN;
    for (int i = 0; i < judged.size(); i++) {
      Point a = judged.get(i);
      double[] wa = widened(claim, a.check());
      if (wa[0] <= p && p <= wa[1]) {
        from = Double.isNaN(from) ? a.bandwidth() : Math.min(from, a.bandwidth());
        to = Double.isNaN(to) ? a.bandwidth() : Math.max(to, a.bandwidth());
      }
      if (i + 1 == judged.size() || Double.isInfinite(judged.get(i + 1).bandwidth())) {
        continue;
      }
      Point b = judged.get(i + 1);
      double[] wb = widened(claim, b.check());
      double xa = Math.log(a.bandwidth());
      double xb = Math.log(b.bandwidth());
      double ra = a.check().ratio();
      double rb = b.check().ratio();
      if (Double.isNaN(crossing) && (ra - p) * (rb - p) <= 0 && ra != rb) {
        crossing = Math.exp(xa + (p - ra) / (rb - ra) * (xb - xa));
      }
      // the part of [xa, xb] where low(x) <= p <= high(x), both ends linear in x
      double[] in = within(xa, xb, wa[0], wb[0], wa[1], wb[1], p);
      if (in != null) {
        from = Double.isNaN(from) ? Math.exp(in[0]) : Math.min(from, Math.exp(in[0]));
        to = Double.isNaN(to) ? Math.exp(in[1]) : Math.max(to, Math.exp(in[1]));
      }
    }
    return new Range(crossing, from, to, nearest.bandwidth());
  }

  private static double[] widened(Claim claim, ClaimCheck check) {
    return Size.widened(claim, check.ratio(), check.ratioLow(), check.ratioHigh());
  }

  /**
   * The sub-interval of [xa, xb] where lowA..lowB (linear) is at most p and highA..highB at least
   * p; null for none.
   */
  static double[] within(
      double xa, double xb, double lowA, double lowB, double highA, double highB, double p) {
    double[] low = below(xa, xb, lowA, lowB, p);
    double[] high = below(xa, xb, -highA, -highB, -p);
    if (low == null || high == null) {
      return null;
    }
    double start = Math.max(low[0], high[0]);
    double end = Math.min(low[1], high[1]);
    return start <= end ? new double[] {start, end} : null;
  }

  /** The part of [xa, xb] where the line from (xa, ya) to (xb, yb) is at most p; null for none. */
  private static double[] below(double xa, double xb, double ya, double yb, double p) {
    if (ya <= p && yb <= p) {
      return new double[] {xa, xb};
    }
    if (ya > p && yb > p) {
      return null;
    }
    double x = xa + (p - ya) / (yb - ya) * (xb - xa);
    return ya <= p ? new double[] {xa, x} : new double[] {x, xb};
  }

  /**
   * Whether the claims' crossing bandwidths agree: each within a factor of two of their median.
   * Null where fewer than two claims cross.
   */
  public Boolean crossingsAgree() {
    List<Double> crossings = crossings();
    if (crossings.size() < 2) {
      return null;
    }
    double median = median(crossings);
    return crossings.stream().allMatch(c -> c <= 2 * median && c >= median / 2);
  }

  /** The median crossing bandwidth; NaN for none. */
  public double medianCrossing() {
    List<Double> crossings = crossings();
    return crossings.isEmpty() ? Double.NaN : median(crossings);
  }

  private List<Double> crossings() {
    return series.stream()
        .map(s -> s.range().crossing())
        .filter(c -> !Double.isNaN(c))
        .sorted()
        .toList();
  }

  private static double median(List<Double> sorted) {
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : Math.sqrt(sorted.get(n / 2 - 1) * sorted.get(n / 2));
  }
}
