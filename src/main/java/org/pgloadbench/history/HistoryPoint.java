package org.pgloadbench.history;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One run's figure in a series: the median over its repetitions of a step's seconds (summed over
 * the tables, as reports sum a cell's step), or of the cell's total.
 *
 * @param series which series the point belongs to
 * @param run which run it is, and when it started
 * @param seconds the median over the run's whole repetitions
 * @param context what the run ran with, by name ({@link #POSTGRESQL}, {@link #HARNESS}, {@link
 *     #JAVA}, {@link #MACHINE}, then {@code setting <name>} for each non-default setting): what a
 *     change is explained by when it differs between two runs
 */
public record HistoryPoint(
    Series.Key series, Run run, double seconds, Map<String, String> context) {
  public static final String POSTGRESQL = "PostgreSQL";
  public static final String HARNESS = "harness revision";
  public static final String JAVA = "Java";
  public static final String MACHINE = "machine";
  public static final String SETTING = "setting ";

  /** Between a server and the base its figures are divided by ({@link #against}). */
  public static final String OVER = " ÷ ";

  /** The step that stands for every step of the cell summed: the cell's total. */
  public static final String TOTAL = "total";

  public HistoryPoint {
    context = Collections.unmodifiableMap(new LinkedHashMap<>(context));
  }

  /**
   * A run of the scenario.
   *
   * @param key what tells it apart from every other run: the database's run key, or its directory
   * @param id its run id, as its results directory is named
   * @param started when it started; runs are ordered by it
   */
  public record Run(String key, String id, Instant started) {
    /** The order runs are shown in: as they started, then by id. */
    static final Comparator<Run> ORDER = Comparator.comparing(Run::started).thenComparing(Run::id);
  }

  /**
   * Each server's points divided by {@code base}'s of the same run, machine, cell and step: the
   * pairing a run's rounds already give, so that a slower machine, which slows every server of a
   * run alike, cancels. The base's own points, and points of runs without it, are left out.
   */
  public static List<HistoryPoint> against(List<HistoryPoint> points, String base) {
    Map<List<String>, HistoryPoint> bases = new HashMap<>();
    for (HistoryPoint p : points) {
      if (p.series().server().equals(base)) {
        bases.put(pairing(p), p);
      }
    }
    List<HistoryPoint> ratios = new ArrayList<>();
    for (HistoryPoint p : points) {
      HistoryPoint b = bases.get(pairing(p));
      if (b != null && b != p && b.seconds() > 0) {
        Series.Key k = p.series();
        Series.Key ratio = new Series.Key(k.machine(), k.server() + OVER + base, k.cell(), k.step());
        // what either server ran with: a change in the base's build moves the ratio too
        Map<String, String> context = new LinkedHashMap<>(p.context());
        b.context().forEach((name, value) -> context.put(base + ": " + name, value));
        ratios.add(new HistoryPoint(ratio, p.run(), p.seconds() / b.seconds(), context));
      }
    }
    return ratios;
  }

  private static List<String> pairing(HistoryPoint p) {
    return List.of(p.run().key(), p.series().machine(), p.series().cell(), p.series().step());
  }

  /** What a run ran with, as {@link #context} holds it; null values left out. */
  static Map<String, String> context(
      String postgres, String harness, String java, String machine, Map<String, ?> settings) {
    Map<String, String> context = new LinkedHashMap<>();
    putIfSet(context, POSTGRESQL, postgres);
    putIfSet(context, HARNESS, harness);
    putIfSet(context, JAVA, java);
    putIfSet(context, MACHINE, machine);
    settings.forEach((name, value) -> putIfSet(context, SETTING + name, String.valueOf(value)));
    return context;
  }

  private static void putIfSet(Map<String, String> context, String name, String value) {
    if (value != null && !value.isBlank()) {
      context.put(name, value);
    }
  }
}
