package org.pgloadbench.history;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import org.pgloadbench.analysis.EDivisive;

/**
 * One series of a history: one figure of one cell on one server (its version or build label) on one
 * machine, run after run in the order the runs started, and where it changed.
 */
public record Series(Key key, List<HistoryPoint> points, List<Change> changes) {
  /** Bootstrap resamples behind a change's interval. */
  private static final int RESAMPLES = 2000;

  /**
   * What a series is of.
   *
   * @param machine the machine's fingerprint
   * @param server the server as results name it: its requested version or build label
   * @param step a step's name, or {@link HistoryPoint#TOTAL}
   */
  public record Key(String machine, String server, String cell, String step) {
    static final Comparator<Key> ORDER =
        Comparator.comparing(Key::cell)
            .thenComparing(Key::step)
            .thenComparing(Key::server)
            .thenComparing(Key::machine);

    /** How the report names it. */
    public String label() {
      return server + " · " + cell + " · " + step + " · machine " + machine;
    }
  }

  /**
   * A change point: the series' mean before it and after it, up to the change points beside it.
   *
   * @param index the first point after the change
   * @param p the permutation test's p-value
   * @param before the last run before the change
   * @param after the first run after it
   * @param size after's segment mean over before's, less 1
   * @param low the 95% bootstrap interval of {@code size}, each segment resampled on its own
   * @param changed what differs between the two runs, each as "what: before → after"
   */
  public record Change(
      int index,
      double p,
      HistoryPoint before,
      HistoryPoint after,
      double size,
      double low,
      double high,
      List<String> changed) {}

  public Series {
    points = List.copyOf(points);
    changes = List.copyOf(changes);
  }

  /** The points grouped into series (in {@link Key#ORDER}), each one's change points found. */
  public static List<Series> of(List<HistoryPoint> points, EDivisive method) {
    Map<Key, List<HistoryPoint>> byKey = new TreeMap<>(Key.ORDER);
    // sorted before they are grouped, so that each series holds its points in the runs' order
    points.stream()
        .sorted(Comparator.comparing(HistoryPoint::run, HistoryPoint.Run.ORDER))
        .forEach(p -> byKey.computeIfAbsent(p.series(), k -> new ArrayList<>()).add(p));
    return byKey.entrySet().stream()
        .map(e -> new Series(e.getKey(), e.getValue(), changes(e.getValue(), method)))
        .toList();
  }

  private static List<Change> changes(List<HistoryPoint> points, EDivisive method) {
    double[] values = points.stream().mapToDouble(HistoryPoint::seconds).toArray();
    List<EDivisive.ChangePoint> found = method.changePoints(values);
    List<Change> changes = new ArrayList<>();
    for (int c = 0; c < found.size(); c++) {
      int at = found.get(c).index();
      int from = c == 0 ? 0 : found.get(c - 1).index();
      int to = c + 1 < found.size() ? found.get(c + 1).index() : values.length;
      double[] before = Arrays.copyOfRange(values, from, at);
      double[] after = Arrays.copyOfRange(values, at, to);
      double[] interval = interval(before, after, new Random(at));
      HistoryPoint last = points.get(at - 1);
      HistoryPoint first = points.get(at);
      changes.add(
          new Change(
              at,
              found.get(c).p(),
              last,
              first,
              mean(after) / mean(before) - 1,
              interval[0],
              interval[1],
              differences(last.context(), first.context())));
    }
    return changes;
  }

  /** The 2.5th and 97.5th percentiles of mean(after) / mean(before) - 1 over resamples. */
  private static double[] interval(double[] before, double[] after, Random random) {
    double[] sizes = new double[RESAMPLES];
    for (int r = 0; r < RESAMPLES; r++) {
      sizes[r] = resampledMean(after, random) / resampledMean(before, random) - 1;
    }
    Arrays.sort(sizes);
    return new double[] {sizes[(int) (RESAMPLES * 0.025)], sizes[(int) (RESAMPLES * 0.975) - 1]};
  }

  private static double resampledMean(double[] x, Random random) {
    double sum = 0;
    for (int i = 0; i < x.length; i++) {
      sum += x[random.nextInt(x.length)];
    }
    return sum / x.length;
  }

  private static double mean(double[] x) {
    return Arrays.stream(x).average().orElse(Double.NaN);
  }

  /** Each name whose value differs, as "name: before → after" ("none" where one has none). */
  static List<String> differences(Map<String, String> before, Map<String, String> after) {
    Set<String> names = new LinkedHashSet<>(before.keySet());
    names.addAll(after.keySet());
    List<String> changed = new ArrayList<>();
    for (String name : names) {
      String was = before.getOrDefault(name, "none");
      String is = after.getOrDefault(name, "none");
      if (!was.equals(is)) {
        changed.add(name + ": " + was + " → " + is);
      }
    }
    return changed;
  }

  /**
   * The change that makes the newest runs slower: the last change point, when its later segment is
   * slower and holds no more than {@code recent} runs (it began among the newest ones).
   */
  public Optional<Change> newestSlower(int recent) {
    if (changes.isEmpty()) {
      return Optional.empty();
    }
    Change last = changes.get(changes.size() - 1);
    return Optional.of(last).filter(c -> c.size() > 0 && points.size() - c.index() <= recent);
  }
}
