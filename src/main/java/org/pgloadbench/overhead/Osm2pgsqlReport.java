package org.pgloadbench.overhead;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.pgloadbench.analysis.Comparison;
import org.pgloadbench.overhead.Osm2pgsqlHeadToHead.Load;
import org.pgloadbench.render.Markdown;

/**
 * The osm2pgsql head-to-head as a report section: the contenders' wall times, their ratios to
 * osm2pgsql's with the spread of the per-round ratios and the Mann-Whitney verdict, the parts of
 * each (osm2pgsql's log phases, the harness's steps), the harness's own decode of the file apart,
 * and the two goals: the imitation at most {@link #IMITATION_GOAL}x osm2pgsql's time, the best cell
 * significantly below it.
 */
public final class Osm2pgsqlReport {
  public static final double IMITATION_GOAL = 1.0;

  /** The harness's step osm2pgsql has no counterpart of. */
  private static final String CHECKPOINT = "checkpoint";

  private Osm2pgsqlReport() {}

  /**
   * @param imitation the label of the cell doing what osm2pgsql 1.8 does
   * @param best the label of the best cell of osm2pgsql issue #2110
   */
  public static String markdown(List<Load> loads, String imitation, String best) {
    String base = Osm2pgsqlImport.NAME;
    StringBuilder md =
        new StringBuilder("\n## osm2pgsql against the harness's imitation and best strategy\n\n");
    md.append("osm2pgsql's middle time here is the wall time of the whole `")
        .append(base)
        .append("` process, timed by the harness around it: connecting, creating the three")
        .append(" middle tables, reading and parsing the PBF file, COPY of nodes, ways and")
        .append(" relations (primary key present), ANALYZE, and the GIN indexes (two built at")
        .append(" once on its pool). The harness's cells are the totals of the scenario's steps")
        .append(" (their CHECKPOINT step included; osm2pgsql does none); they stream rows the")
        .append(" harness decoded from the same file before any clock; their totals without the")
        .append(" checkpoint step are shown too. That decode, which")
        .append(" osm2pgsql pays inside its clock, is timed alone (into an empty cache, no server)")
        .append(" and shown apart, not folded into the cells' times. Each contender loads into a")
        .append(" fresh database after a CHECKPOINT; the order rotates every round.\n\n");
    md.append("Seconds: median (min–max) over the rounds; ratio: contender / osm2pgsql, the ratio")
        .append(" of medians with the min–max of the per-round ratios, and the two-sided")
        .append(" Mann-Whitney verdict.\n\n");
    md.append("| contender | wall s | / osm2pgsql | p | verdict |\n|---|---|---|---|---|\n");
    Map<Integer, Double> osm2pgsql = byRound(loads, base);
    md.append(row(base, osm2pgsql, osm2pgsql));
    md.append(row("cell " + imitation, byRound(loads, imitation), osm2pgsql));
    md.append(row("cell " + best, byRound(loads, best), osm2pgsql));
    Map<Integer, Double> decode = byRound(loads, Osm2pgsqlHeadToHead.DECODE);
    md.append(row(Osm2pgsqlHeadToHead.DECODE + " (no server)", decode, osm2pgsql));
    Map<Integer, Double> withDecode = new LinkedHashMap<>();
    byRound(loads, imitation)
        .forEach(
            (round, s) -> {
              if (decode.containsKey(round)) {
                withDecode.put(round, s + decode.get(round));
              }
            });
    md.append(
        row("cell " + imitation + " + harness PBF decode (same round)", withDecode, osm2pgsql));
    for (String cell : List.of(imitation, best)) {
      Map<Integer, Double> noCheckpoint = new LinkedHashMap<>();
      loads.stream()
          .filter(l -> l.ok() && l.contender().equals(cell))
          .forEach(
              l ->
                  noCheckpoint.put(
                      l.round(), l.seconds() - l.parts().getOrDefault(CHECKPOINT, 0.0)));
      md.append(
          row("cell " + cell + " without its " + CHECKPOINT + " step", noCheckpoint, osm2pgsql));
    }
    md.append('\n');
    md.append(parts(loads, List.of(base, imitation, best)));
    md.append(
        goal(
            byRound(loads, imitation),
            osm2pgsql,
            imitation,
            "at most " + IMITATION_GOAL + "x osm2pgsql's middle time",
            false));
    md.append(
        goal(
            byRound(loads, best),
            osm2pgsql,
            best,
            "clearly below osm2pgsql's middle time (significantly lower; osm2pgsql issue #2110"
                + " reports 212 against 322 min, about 0.66x)",
            true));
    loads.stream()
        .filter(l -> !l.ok())
        .forEach(
            l ->
                md.append("- failed: ")
                    .append(Markdown.text(l.contender()))
                    .append(", round ")
                    .append(l.round())
                    .append(": ")
                    .append(Markdown.text(l.error()))
                    .append('\n'));
    return md.toString();
  }

  /** Seconds of the contender's successful loads by round. */
  private static Map<Integer, Double> byRound(List<Load> loads, String contender) {
    Map<Integer, Double> seconds = new LinkedHashMap<>();
    loads.stream()
        .filter(l -> l.ok() && l.contender().equals(contender))
        .forEach(l -> seconds.put(l.round(), l.seconds()));
    return seconds;
  }

  /** {@code name} as stored (a cell's label, the scenario's); shown as Markdown text. */
  private static String row(
      String stored, Map<Integer, Double> seconds, Map<Integer, Double> base) {
    String name = Markdown.text(stored);
    if (seconds.isEmpty()) {
      return "| " + name + " | – | – | – | – |\n";
    }
    String times = Spread.of(values(seconds));
    if (seconds == base || base.isEmpty()) {
      return "| " + name + " | " + times + " | – | – | – |\n";
    }
    Comparison c = Comparison.of(values(base), values(seconds));
    return String.format(
        Locale.ROOT,
        "| %s | %s | %s | %.3f | %s |\n",
        name,
        times,
        Spread.ratio(c.ratio(), seconds, base),
        c.pTwoSided(),
        c.verdict().name().toLowerCase(Locale.ROOT).replace('_', ' '));
  }

  /** Each contender's parts: osm2pgsql's log phases, the cells' steps; medians with min–max. */
  private static String parts(List<Load> loads, List<String> contenders) {
    StringBuilder md =
        new StringBuilder("Parts, seconds, median (min–max): osm2pgsql's as its log prints them")
            .append(" (1.8 prints the reading of the input, which holds parsing, COPY and")
            .append(" ANALYZE, and each object type in whole seconds only; each index build in")
            .append(" milliseconds at log level debug); the cells' per step, summed over")
            .append(" tables.\n\n| contender | part | s |\n|---|---|---|\n");
    for (String contender : contenders) {
      Set<String> names = new LinkedHashSet<>();
      loads.stream()
          .filter(l -> l.ok() && l.contender().equals(contender))
          .forEach(l -> names.addAll(l.parts().keySet()));
      for (String part : names) {
        double[] s =
            loads.stream()
                .filter(
                    l -> l.ok() && l.contender().equals(contender) && l.parts().containsKey(part))
                .mapToDouble(l -> l.parts().get(part))
                .toArray();
        md.append("| ")
            .append(Markdown.text(contender))
            .append(" | ")
            .append(Markdown.text(part))
            .append(" | ")
            .append(Spread.of(s))
            .append(" |\n");
      }
    }
    return md.append('\n').toString();
  }

  private static String goal(
      Map<Integer, Double> cell,
      Map<Integer, Double> base,
      String label,
      String what,
      boolean significantlyLower) {
    if (cell.isEmpty() || base.isEmpty()) {
      return "- goal, " + Markdown.text(label) + ": " + what + ": not measured\n";
    }
    Comparison c = Comparison.of(values(base), values(cell));
    boolean met =
        significantlyLower ? c.verdict() == Comparison.Verdict.LOWER : c.ratio() <= IMITATION_GOAL;
    double floor = Comparison.smallestTwoSidedP(base.size(), cell.size());
    return String.format(
        Locale.ROOT,
        "- goal, %s: %s: ratio %s, p %.3f (%s): **%s**%s\n",
        Markdown.text(label),
        what,
        Spread.ratio(c.ratio(), cell, base),
        c.pTwoSided(),
        c.verdict().name().toLowerCase(Locale.ROOT).replace('_', ' '),
        met ? "met" : "not met",
        significantlyLower && floor > Comparison.ALPHA
            ? String.format(
                Locale.ROOT,
                " (with %d and %d rounds p cannot go below %.3f: give more rounds)",
                base.size(),
                cell.size(),
                floor)
            : "");
  }

  private static double[] values(Map<Integer, Double> seconds) {
    return seconds.values().stream().mapToDouble(Double::doubleValue).toArray();
  }
}
