package org.pgloadbench.overhead;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.pgloadbench.analysis.Comparison;
import org.pgloadbench.overhead.PgbenchHeadToHead.Phases;
import org.pgloadbench.render.Markdown;

/**
 * The pgbench -i head-to-head as a report section: per phase the medians of pgbench and of each
 * harness cell, their ratio to pgbench with the Mann-Whitney verdict, and the two goals: the
 * pgbench-equivalent cell's client-side generate at most 1.0x pgbench's, and the binary cell's
 * faster than pgbench's.
 */
public final class PgbenchReport {
  static final String GENERATE = "client-side generate";

  private PgbenchReport() {}

  /**
   * @param equivalent the label of the cell that does what pgbench does
   * @param binary the label of the binary COPY cell, or null
   */
  public static String markdown(List<Phases> loads, String equivalent, String binary) {
    Set<String> phases = new LinkedHashSet<>();
    loads.stream().filter(Phases::ok).forEach(p -> phases.addAll(p.seconds().keySet()));
    phases.remove("total");
    phases.add("total");
    List<String> cells = new ArrayList<>(List.of(equivalent));
    if (binary != null) {
      cells.add(binary);
    }
    StringBuilder md =
        new StringBuilder("\n## pgbench -i against the harness's pgbench-init cells\n\n");
    md.append("Seconds: median (min–max) over the rounds; ratio: the harness's cell / pgbench -i,")
        .append(" with the two-sided Mann-Whitney verdict.\n\n| phase | pgbench -i s |");
    cells.forEach(
        c ->
            md.append(" cell ")
                .append(Markdown.text(c))
                .append(" s | ")
                .append(Markdown.text(c))
                .append(" / pgbench -i |"));
    md.append("\n|---|---|").append("---|---|".repeat(cells.size())).append('\n');
    for (String phase : phases) {
      md.append("| ")
          .append(Markdown.text(phase))
          .append(" | ")
          .append(times(loads, PgbenchInit.NAME, phase))
          .append(" |");
      for (String cell : cells) {
        md.append(' ').append(times(loads, cell, phase)).append(" | ");
        md.append(ratio(loads, cell, phase)).append(" |");
      }
      md.append('\n');
    }
    md.append('\n');
    md.append(
        goal(loads, equivalent, GENERATE, "at most 1.0x pgbench's client-side generate", false));
    if (binary != null) {
      md.append(
          goal(
              loads,
              binary,
              GENERATE,
              "binary COPY faster than pgbench's client-side generate",
              true));
    }
    loads.stream()
        .filter(p -> !p.ok())
        .forEach(
            p ->
                md.append("- failed: ")
                    .append(Markdown.text(p.contender()))
                    .append(", round ")
                    .append(p.round())
                    .append(": ")
                    .append(Markdown.text(p.error()))
                    .append('\n'));
    return md.toString();
  }

  private static double[] seconds(List<Phases> loads, String contender, String phase) {
    return loads.stream()
        .filter(p -> p.ok() && p.contender().equals(contender) && p.seconds().containsKey(phase))
        .mapToDouble(p -> p.seconds().get(phase))
        .toArray();
  }

  private static String times(List<Phases> loads, String contender, String phase) {
    return Spread.of(seconds(loads, contender, phase));
  }

  private static String ratio(List<Phases> loads, String cell, String phase) {
    double[] base = seconds(loads, PgbenchInit.NAME, phase);
    double[] other = seconds(loads, cell, phase);
    if (base.length == 0 || other.length == 0) {
      return "–";
    }
    Comparison c = Comparison.of(base, other);
    return String.format(
        Locale.ROOT,
        "%s (%s)",
        // pgbench prints 2 decimals: a phase it shows as 0.00 s has no ratio
        Double.isNaN(c.ratio()) ? "–" : String.format(Locale.ROOT, "%.3f", c.ratio()),
        c.verdict().name().toLowerCase(Locale.ROOT).replace('_', ' '));
  }

  private static String goal(
      List<Phases> loads, String cell, String phase, String what, boolean strictlyFaster) {
    double[] base = seconds(loads, PgbenchInit.NAME, phase);
    double[] other = seconds(loads, cell, phase);
    if (base.length == 0 || other.length == 0) {
      return "- goal, " + Markdown.text(cell) + ": " + what + ": not measured\n";
    }
    Comparison c = Comparison.of(base, other);
    boolean met = strictlyFaster ? c.verdict() == Comparison.Verdict.LOWER : c.ratio() <= 1.0;
    return String.format(
        Locale.ROOT,
        "- goal, %s: %s: ratio %.3f, p %.3f: **%s**\n",
        Markdown.text(cell),
        what,
        c.ratio(),
        c.pTwoSided(),
        met ? "met" : "not met");
  }
}
