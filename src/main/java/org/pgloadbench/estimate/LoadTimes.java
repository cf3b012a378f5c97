package org.pgloadbench.estimate;

import java.util.ArrayList;
import java.util.DoubleSummaryStatistics;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.pgloadbench.analysis.LogLogFit;
import org.pgloadbench.render.Formats;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.results.Sample;
import org.pgloadbench.results.StoredRun;
import org.pgloadbench.scenario.Cell;
import org.pgloadbench.variant.SettingsProfile;

/**
 * What one load of a cell takes on a server, its steps alone, as comparable stored runs measured
 * it: the mean over a run's rounds (a run's time is the sum of its loads), from the newest run at
 * the planned rows, else scaled by rows. A cell or server never run is guessed from the nearest one
 * that was: the same cell on the nearest version, else the cell sharing the most axis values.
 */
final class LoadTimes {
  /** One run's mean load of a cell on a server, at its rows (all tables together). */
  record Point(String run, long rows, double seconds) {}

  /**
   * How a time was scaled to the planned rows.
   *
   * @param fromRows the stored rows it was scaled from; empty when it was measured at them
   * @param slope the log-log slope fitted over several row counts; NaN for linear scaling
   */
  record Scaling(List<Long> fromRows, double slope) {
    static final Scaling NONE = new Scaling(List.of(), Double.NaN);
  }

  /**
   * A guess of one load's time.
   *
   * @param seconds the load's steps, summed
   * @param runs the ids of the runs it came from
   * @param from what it stands in for when that cell on that server never ran; empty otherwise
   */
  record Guess(double seconds, Set<String> runs, Scaling scaling, String from) {}

  /** A server (as requested, a control with its suffix) and a cell label. */
  private record Key(String server, String cell) {}

  private final Map<Key, List<Point>> points = new LinkedHashMap<>();
  private final Map<String, RunManifest.CellRun> cells = new LinkedHashMap<>();
  private Double slope;
  private List<Long> fittedOver = List.of();

  private LoadTimes() {}

  /** The load times of {@code runs}, newest first. */
  static LoadTimes of(List<StoredRun> runs) {
    LoadTimes times = new LoadTimes();
    for (StoredRun run : runs) {
      long rows = rows(run.manifest());
      run.manifest().scenario().cells().forEach(c -> times.cells.putIfAbsent(c.label(), c));
      Map<String, String> requested = new LinkedHashMap<>();
      run.manifest().servers().forEach(s -> requested.putIfAbsent(s.version(), s.requested()));
      for (String label : run.versions()) {
        String server = requested.get(label); // null in a run of an older harness
        for (String cell : run.cells(label)) {
          Sample sample = run.total(label, cell);
          if (sample.isEmpty() || !times.cells.containsKey(cell)) {
            continue;
          }
          double mean =
              sample.values().stream().mapToDouble(Double::doubleValue).average().orElse(0);
          times
              .points
              .computeIfAbsent(
                  new Key(server != null ? server : label, cell), k -> new ArrayList<>())
              .add(new Point(run.id(), rows, mean));
        }
      }
    }
    times.fit();
    return times;
  }

  /** All rows of a run's dataset, summed over its tables; 0 when it records none (a file). */
  static long rows(RunManifest run) {
    return run.scenario().datasetRows().values().stream().mapToLong(Long::longValue).sum();
  }

  /**
   * One load of {@code cell} on {@code server} (a requested version or build label, a control with
   * its suffix) at {@code rows}; empty when no comparable cell ran anywhere.
   */
  Optional<Guess> guess(String server, Cell cell, long rows) {
    List<Point> same = points.get(new Key(server, cell.label()));
    if (same != null && distance(cell, cells.get(cell.label())) == 0) {
      return Optional.of(scaled(same, rows, ""));
    }
    Key best = null;
    double bestScore = Double.MAX_VALUE;
    for (Key key : points.keySet()) {
      int differ = distance(cell, cells.get(key.cell()));
      double score = differ * 1000.0 + versionDistance(server, key.server());
      if (differ >= 0 && score < bestScore) {
        best = key;
        bestScore = score;
      }
    }
    if (best == null) {
      return Optional.empty();
    }
    String from =
        best.cell().equals(cell.label())
            ? "as on PostgreSQL " + best.server()
            : best.server().equals(server)
                ? "as cell " + best.cell()
                : "as cell " + best.cell() + " on PostgreSQL " + best.server();
    return Optional.of(scaled(points.get(best), rows, from));
  }

  /**
   * The newest point at {@code rows}; else scaled along the common slope, from the point's own
   * centre where it was measured at several row counts, else from its newest; else linearly.
   */
  private Guess scaled(List<Point> points, long rows, String from) {
    Optional<Point> at =
        points.stream().filter(p -> p.rows() == rows || p.rows() <= 0 || rows <= 0).findFirst();
    if (at.isPresent()) {
      return new Guess(at.get().seconds(), Set.of(at.get().run()), Scaling.NONE, from);
    }
    Point newest = points.get(0);
    List<Point> usable = usable(points);
    if (slope == null || usable.isEmpty()) {
      return new Guess(
          newest.seconds() * rows / newest.rows(),
          Set.of(newest.run()),
          new Scaling(List.of(newest.rows()), Double.NaN),
          from);
    }
    boolean several = usable.stream().map(Point::rows).distinct().count() >= 2;
    List<Point> anchor = several ? usable : List.of(usable.get(0));
    double logRows = anchor.stream().mapToDouble(p -> Math.log(p.rows())).average().orElseThrow();
    double logSeconds =
        anchor.stream().mapToDouble(p -> Math.log(p.seconds())).average().orElseThrow();
    Set<String> runs = new LinkedHashSet<>();
    anchor.forEach(p -> runs.add(p.run()));
    return new Guess(
        Math.exp(logSeconds + slope * (Math.log(rows) - logRows)),
        runs,
        new Scaling(fittedOver, slope),
        from);
  }

  /**
   * One slope for every cell and server measured at two row counts or more: each one's points
   * centred on their own mean (log rows, log seconds), so that cells differ in level, not in slope,
   * and one noisy cell does not bend its own line. Null when none was measured at two.
   */
  private void fit() {
    List<Double> rows = new ArrayList<>();
    List<Double> seconds = new ArrayList<>();
    Set<Long> over = new TreeSet<>();
    for (List<Point> all : points.values()) {
      List<Point> usable = usable(all);
      if (usable.stream().map(Point::rows).distinct().count() < 2) {
        continue;
      }
      double mx = usable.stream().mapToDouble(p -> Math.log(p.rows())).average().orElseThrow();
      double my = usable.stream().mapToDouble(p -> Math.log(p.seconds())).average().orElseThrow();
      for (Point p : usable) {
        rows.add(Math.exp(Math.log(p.rows()) - mx));
        seconds.add(Math.exp(Math.log(p.seconds()) - my));
        over.add(p.rows());
      }
    }
    if (!rows.isEmpty()) {
      slope =
          LogLogFit.of(
                  rows.stream().mapToDouble(Double::doubleValue).toArray(),
                  seconds.stream().mapToDouble(Double::doubleValue).toArray())
              .slope();
      fittedOver = List.copyOf(over);
    }
  }

  private static List<Point> usable(List<Point> points) {
    return points.stream().filter(p -> p.rows() > 0 && p.seconds() > 0).toList();
  }

  /**
   * How many of a cell's axis values (its settings profile and memory cap among them) a stored cell
   * does not share; -1 when it shares none, nothing to guess from.
   */
  private static int distance(Cell cell, RunManifest.CellRun stored) {
    if (stored == null) {
      return -1;
    }
    Set<String> axes = new LinkedHashSet<>(cell.axes().keySet());
    axes.addAll(stored.axes().keySet());
    int differ = 0;
    for (String axis : axes) {
      differ += Objects.equals(cell.axes().get(axis), stored.axes().get(axis)) ? 0 : 1;
    }
    if (!axes.isEmpty() && differ == axes.size()) {
      return -1;
    }
    String profile =
        stored.profile() == null ? SettingsProfile.DEFAULTS.profileName() : stored.profile();
    long memory = stored.memoryCapBytes() == null ? 0 : stored.memoryCapBytes();
    String disk = stored.disk() == null ? "none" : stored.disk();
    differ += cell.variant().settings().profileName().equals(profile) ? 0 : 1;
    differ += cell.variant().disk().text().equals(disk) ? 0 : 1;
    return differ + (cell.variant().memoryBytes() == memory ? 0 : 1);
  }

  /**
   * How far apart two servers are: 0 for the same, else by major version (a build label is far from
   * any other), a control a little farther than its base.
   */
  private static double versionDistance(String a, String b) {
    if (a.equals(b)) {
      return 0;
    }
    String suffix = RunManifest.CONTROL_SUFFIX;
    double control = a.endsWith(suffix) == b.endsWith(suffix) ? 0 : 0.1;
    String x = a.endsWith(suffix) ? a.substring(0, a.length() - suffix.length()) : a;
    String y = b.endsWith(suffix) ? b.substring(0, b.length() - suffix.length()) : b;
    if (x.equals(y)) {
      return control;
    }
    Integer mx = major(x);
    Integer my = major(y);
    return (mx == null || my == null ? 50 : Math.abs(mx - my) + 0.01) + control;
  }

  private static Integer major(String version) {
    String digits = version.replaceAll("^(\\d+).*$", "$1");
    return digits.matches("\\d{1,6}") ? Integer.parseInt(digits) : null;
  }

  /** How the load times were scaled to the planned {@code rows}, said once for all loads. */
  static List<String> notes(List<Scaling> scalings, long rows) {
    Set<Long> linearFrom = new TreeSet<>();
    Set<Long> fittedOver = new TreeSet<>();
    DoubleSummaryStatistics slopes = new DoubleSummaryStatistics();
    for (Scaling scaling : scalings) {
      if (Double.isNaN(scaling.slope())) {
        linearFrom.addAll(scaling.fromRows());
      } else if (!scaling.fromRows().isEmpty()) {
        fittedOver.addAll(scaling.fromRows());
        slopes.accept(scaling.slope());
      }
    }
    List<String> notes = new ArrayList<>();
    if (!linearFrom.isEmpty()) {
      notes.add(
          "load times scaled linearly by rows, from "
              + joined(linearFrom)
              + " rows stored to "
              + Formats.count(rows)
              + " planned");
    }
    if (!fittedOver.isEmpty()) {
      String slope =
          slopes.getMin() == slopes.getMax()
              ? String.format(Locale.ROOT, "%.2f", slopes.getMin())
              : String.format(Locale.ROOT, "%.2f to %.2f", slopes.getMin(), slopes.getMax());
      notes.add(
          "load times scaled to "
              + Formats.count(rows)
              + " rows planned along the log-log slope "
              + slope
              + " (time against rows, 1 for linear) fitted over "
              + joined(fittedOver)
              + " rows stored");
    }
    return notes;
  }

  private static String joined(Set<Long> rows) {
    List<String> shown = rows.stream().map(Formats::count).toList();
    return shown.size() == 1
        ? shown.get(0)
        : String.join(", ", shown.subList(0, shown.size() - 1))
            + " and "
            + shown.get(shown.size() - 1);
  }
}
