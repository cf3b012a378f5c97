package org.pgloadbench.overhead;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.pgloadbench.analysis.Comparison;
import org.pgloadbench.analysis.Summary;
import org.pgloadbench.overhead.HeadToHead.Case;
import org.pgloadbench.overhead.HeadToHead.Load;

/**
 * The head-to-head as Markdown: per case the contenders' median times with min–max, the harness's
 * client CPU beside its wall time, the ratio of the harness to each other contender with the spread
 * of the per-round ratios, the Mann-Whitney verdict, and the goal (at most {@link #GOAL} times the
 * faster of the others) met or not. Built only from the loads measured in that run.
 */
public final class OverheadReport {
  /**
   * The harness's COPY may take at most this much longer than the faster of psql and the server.
   */
  public static final double GOAL = 1.03;

  /**
   * @param setup lines describing the run (server, machine, rows, repetitions), shown first
   * @param missing contenders that could not run, with why
   */
  public record Setup(List<String> lines, Map<String, String> missing) {}

  private OverheadReport() {}

  /**
   * Writes every load to {@code resultsDir/loads.csv} and the report to {@code
   * reportDir/report.md}; returns the report's text.
   */
  public static String write(Path resultsDir, Path reportDir, Setup setup, List<Load> loads)
      throws IOException {
    Files.createDirectories(resultsDir);
    Files.writeString(resultsDir.resolve("loads.csv"), csv(loads), StandardCharsets.UTF_8);
    Files.createDirectories(reportDir);
    String report = markdown(setup, loads);
    Files.writeString(reportDir.resolve("report.md"), report, StandardCharsets.UTF_8);
    return report;
  }

  static String markdown(Setup setup, List<Load> loads) {
    StringBuilder md = new StringBuilder("# Harness overhead: streamed COPY head to head\n\n");
    setup.lines().forEach(l -> md.append("- ").append(l).append('\n'));
    setup
        .missing()
        .forEach(
            (name, why) ->
                md.append("- **").append(name).append(" skipped**: ").append(why).append('\n'));
    md.append('\n');
    Map<Case, List<Load>> byCase =
        loads.stream()
            .collect(Collectors.groupingBy(Load::of, LinkedHashMap::new, Collectors.toList()));
    List<String> others =
        loads.stream()
            .map(Load::contender)
            .filter(n -> !n.equals(HarnessCopy.NAME))
            .distinct()
            .toList();
    md.append("Times in seconds: median (min–max) over the rounds. Ratios: harness / other, the")
        .append(" ratio of medians with the min–max of the per-round ratios; p: two-sided")
        .append(" Mann-Whitney against the faster other; goal: harness at most ")
        .append(GOAL)
        .append("× the faster other.\n\n");
    md.append("| table | format | conn | harness s | client CPU s |");
    others.forEach(o -> md.append(' ').append(o).append(" s |"));
    others.forEach(o -> md.append(" harness / ").append(o).append(" |"));
    md.append(" vs faster | p | verdict | goal ≤ ")
        .append(GOAL)
        .append(" |\n|---|---|---|---|---|");
    md.append("---|".repeat(2 * others.size() + 4)).append('\n');
    List<String> failures = new ArrayList<>();
    byCase.forEach(
        (c, caseLoads) -> {
          md.append(
              String.format(
                  Locale.ROOT,
                  "| %s | %s | %d | ",
                  table(c),
                  c.format().sqlName(),
                  c.connections()));
          md.append(times(caseLoads, HarnessCopy.NAME)).append(" | ");
          md.append(cpu(caseLoads)).append(" |");
          others.forEach(o -> md.append(' ').append(times(caseLoads, o)).append(" |"));
          String faster = null;
          double fasterMedian = Double.POSITIVE_INFINITY;
          for (String o : others) {
            double[] s = seconds(caseLoads, o);
            if (s.length > 0 && Summary.of(s).median() < fasterMedian) {
              fasterMedian = Summary.of(s).median();
              faster = o;
            }
            md.append(' ').append(ratio(caseLoads, o)).append(" |");
          }
          double[] harness = seconds(caseLoads, HarnessCopy.NAME);
          if (faster == null || harness.length == 0) {
            md.append(" – | – | – | – |\n");
          } else {
            Comparison vs = Comparison.of(seconds(caseLoads, faster), harness);
            md.append(
                String.format(
                    Locale.ROOT,
                    " %.3f (%s) | %.3f | %s | %s |\n",
                    vs.ratio(),
                    faster,
                    vs.pTwoSided(),
                    verdict(vs.verdict()),
                    vs.ratio() <= GOAL ? "met" : "not met"));
          }
          caseLoads.stream()
              .filter(l -> !l.ok())
              .forEach(
                  l ->
                      failures.add(
                          table(c)
                              + " "
                              + c.format().sqlName()
                              + " x"
                              + c.connections()
                              + ", "
                              + l.contender()
                              + ", round "
                              + l.round()
                              + ": "
                              + l.error()));
        });
    if (!failures.isEmpty()) {
      md.append("\n## Failed loads\n\n");
      failures.forEach(f -> md.append("- ").append(f).append('\n'));
    }
    return md.toString();
  }

  private static String table(Case c) {
    String name = c.table().name();
    return name.startsWith("planet_osm_") ? name.substring("planet_osm_".length()) : name;
  }

  private static double[] seconds(List<Load> loads, String contender) {
    return loads.stream()
        .filter(l -> l.ok() && l.contender().equals(contender))
        .mapToDouble(Load::seconds)
        .toArray();
  }

  private static String times(List<Load> loads, String contender) {
    double[] s = seconds(loads, contender);
    if (s.length == 0) {
      return "–";
    }
    Summary summary = Summary.of(s);
    return String.format(
        Locale.ROOT, "%.3f (%.3f–%.3f)", summary.median(), summary.min(), summary.max());
  }

  private static String cpu(List<Load> loads) {
    double[] cpu =
        loads.stream()
            .filter(
                l ->
                    l.ok()
                        && l.contender().equals(HarnessCopy.NAME)
                        && l.clientCpuSeconds() != null)
            .mapToDouble(Load::clientCpuSeconds)
            .toArray();
    return cpu.length == 0 ? "–" : String.format(Locale.ROOT, "%.3f", Summary.of(cpu).median());
  }

  /** The ratio of medians, with the min–max of the ratios of the loads of the same round. */
  private static String ratio(List<Load> loads, String other) {
    double[] h = seconds(loads, HarnessCopy.NAME);
    double[] o = seconds(loads, other);
    if (h.length == 0 || o.length == 0) {
      return "–";
    }
    double median = Summary.of(h).median() / Summary.of(o).median();
    Map<Integer, Double> otherByRound = new LinkedHashMap<>();
    loads.stream()
        .filter(l -> l.ok() && l.contender().equals(other))
        .forEach(l -> otherByRound.put(l.round(), l.seconds()));
    double[] paired =
        loads.stream()
            .filter(
                l ->
                    l.ok()
                        && l.contender().equals(HarnessCopy.NAME)
                        && otherByRound.containsKey(l.round()))
            .mapToDouble(l -> l.seconds() / otherByRound.get(l.round()))
            .toArray();
    if (paired.length < 2) {
      return String.format(Locale.ROOT, "%.3f", median);
    }
    Summary spread = Summary.of(paired);
    return String.format(Locale.ROOT, "%.3f (%.3f–%.3f)", median, spread.min(), spread.max());
  }

  private static String verdict(Comparison.Verdict verdict) {
    return switch (verdict) {
      case LOWER -> "harness faster";
      case HIGHER -> "harness slower";
      case NO_DIFFERENCE -> "no difference";
      case TOO_FEW -> "too few rounds";
    };
  }

  static String csv(List<Load> loads) {
    StringBuilder csv =
        new StringBuilder(
            "table,format,connections,contender,round,seconds,client_cpu_seconds,rows,error\n");
    for (Load l : loads) {
      csv.append(l.of().table().name())
          .append(',')
          .append(l.of().format().sqlName())
          .append(',')
          .append(l.of().connections())
          .append(',')
          .append(l.contender())
          .append(',')
          .append(l.round())
          .append(',')
          .append(String.format(Locale.ROOT, "%.6f", l.seconds()))
          .append(',')
          .append(
              l.clientCpuSeconds() == null
                  ? ""
                  : String.format(Locale.ROOT, "%.6f", l.clientCpuSeconds()))
          .append(',')
          .append(l.rows())
          .append(',')
          .append(l.error() == null ? "" : '"' + l.error().replace("\"", "\"\"") + '"')
          .append('\n');
    }
    return csv.toString();
  }
}
