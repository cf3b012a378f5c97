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
import java.util.Set;
import java.util.stream.Collectors;
import org.pgloadbench.analysis.Comparison;
import org.pgloadbench.overhead.HeadToHead.Case;
import org.pgloadbench.overhead.HeadToHead.Load;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.results.Summary;

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

  /** The client alone must produce rows at least this many times faster than the server ingests. */
  public static final double CLIENT_GOAL = 10;

  /** The harness and its parts measured alone: never the yardstick the harness is held to. */
  private static final Set<String> HARNESS_PARTS =
      Set.of(HarnessCopy.NAME, EncodeOnly.NAME, StreamedFile.NAME);

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
  public static String write(
      Path resultsDir, Path reportDir, Setup setup, List<Load> loads, String... sections)
      throws IOException {
    Files.createDirectories(resultsDir);
    Files.writeString(resultsDir.resolve("loads.csv"), csv(loads), StandardCharsets.UTF_8);
    Files.createDirectories(reportDir);
    String report = markdown(setup, loads) + String.join("", sections);
    Files.writeString(reportDir.resolve("report.md"), report, StandardCharsets.UTF_8);
    return report;
  }

  static String markdown(Setup setup, List<Load> loads) {
    StringBuilder md = new StringBuilder("# Harness overhead: streamed COPY head to head\n\n");
    // server versions, settings, errors: text from servers and scenarios, through Markdown
    setup.lines().forEach(l -> md.append("- ").append(Markdown.text(l)).append('\n'));
    setup
        .missing()
        .forEach(
            (name, why) ->
                md.append("- **")
                    .append(Markdown.text(name))
                    .append(" skipped**: ")
                    .append(Markdown.text(why))
                    .append('\n'));
    md.append('\n');
    Map<Case, List<Load>> byCase =
        loads.stream()
            .collect(Collectors.groupingBy(Load::of, LinkedHashMap::new, Collectors.toList()));
    List<String> others =
        loads.stream()
            .map(Load::contender)
            .filter(n -> !HARNESS_PARTS.contains(n))
            .distinct()
            .toList();
    md.append("Times in seconds: median (min–max) over the rounds. Ratios: harness / other, the")
        .append(" ratio of medians with the min–max of the per-round ratios; p: two-sided")
        .append(" Mann-Whitney against the faster other; goal: harness at most ")
        .append(GOAL)
        .append("× the faster other. Client rows/s: the harness generating and encoding alone")
        .append(" (one thread, no server); server rows/s: the server reading the same bytes from")
        .append(" a file; goal: client at least ")
        .append(CLIENT_GOAL)
        .append("× the server.\n\n");
    List<String> header = new ArrayList<>(List.of("table", "format", "conn", "harness s"));
    header.add("client CPU s");
    others.forEach(o -> header.add(Markdown.text(o) + " s"));
    others.forEach(o -> header.add("harness / " + Markdown.text(o)));
    header.addAll(List.of("vs faster", "p", "verdict", "goal ≤ " + GOAL));
    header.addAll(
        List.of("client rows/s", "server rows/s", "client / server (goal ≥ " + CLIENT_GOAL + ")"));
    md.append("| ").append(String.join(" | ", header)).append(" |\n");
    md.append("|---".repeat(header.size())).append("|\n");
    List<String> failures = new ArrayList<>();
    byCase.forEach(
        (c, caseLoads) -> {
          List<String> row = new ArrayList<>();
          row.addAll(List.of(table(c), c.format().sqlName(), Integer.toString(c.connections())));
          row.add(times(caseLoads, HarnessCopy.NAME));
          row.add(cpu(caseLoads));
          others.forEach(o -> row.add(times(caseLoads, o)));
          others.forEach(o -> row.add(ratio(caseLoads, HarnessCopy.NAME, o)));
          row.addAll(againstFaster(caseLoads, others));
          row.addAll(clientAgainstServer(c, caseLoads));
          md.append("| ").append(String.join(" | ", row)).append(" |\n");
          caseLoads.stream()
              .filter(l -> !l.ok())
              .forEach(
                  l ->
                      failures.add(
                          String.format(
                              Locale.ROOT,
                              "%s %s x%d, %s, round %d: %s",
                              c.label(),
                              c.format().sqlName(),
                              c.connections(),
                              l.contender(),
                              l.round(),
                              l.error())));
        });
    if (loads.stream().anyMatch(l -> l.contender().equals(StreamedFile.NAME))) {
      md.append(whereTheTimeGoes(byCase));
    }
    if (!failures.isEmpty()) {
      md.append("\n## Failed loads\n\n");
      failures.forEach(f -> md.append("- ").append(Markdown.text(f)).append('\n'));
    }
    return md.toString();
  }

  /**
   * The harness's ratio to the server reading the file, split in two at the harness's driver
   * streaming the same file: what generating and encoding while sending adds, and what the wire
   * adds. The two multiply to the whole.
   */
  private static String whereTheTimeGoes(Map<Case, List<Load>> byCase) {
    StringBuilder md =
        new StringBuilder("\n## Where the harness's time goes\n\n")
            .append("`")
            .append(StreamedFile.NAME)
            .append("`: the harness's driver and connections streaming the dumped file, nothing")
            .append(
                " generated or encoded. Ratios of medians (min–max of the per-round ratios).\n\n")
            .append("| table | format | conn | harness / ")
            .append(StreamedFile.NAME)
            .append(" (generating and encoding) | ")
            .append(StreamedFile.NAME)
            .append(" / server-file (the wire) | harness / server-file |\n")
            .append("|---|---|---|---|---|---|\n");
    byCase.forEach(
        (c, loads) ->
            md.append(
                String.join(
                    " | ",
                    "| " + table(c),
                    c.format().sqlName(),
                    Integer.toString(c.connections()),
                    ratio(loads, HarnessCopy.NAME, StreamedFile.NAME),
                    ratio(loads, StreamedFile.NAME, ServerFileCopy.NAME),
                    ratio(loads, HarnessCopy.NAME, ServerFileCopy.NAME) + " |\n")));
    return md.toString();
  }

  /** The harness against the faster of the others: ratio, p-value, verdict, goal. */
  private static List<String> againstFaster(List<Load> loads, List<String> others) {
    String faster = null;
    double fasterMedian = Double.POSITIVE_INFINITY;
    for (String o : others) {
      double[] s = seconds(loads, o);
      if (s.length > 0 && Summary.of(s).median() < fasterMedian) {
        fasterMedian = Summary.of(s).median();
        faster = o;
      }
    }
    double[] harness = seconds(loads, HarnessCopy.NAME);
    if (faster == null || harness.length == 0) {
      return List.of("–", "–", "–", "–");
    }
    Comparison vs = Comparison.of(seconds(loads, faster), harness);
    return List.of(
        String.format(Locale.ROOT, "%.3f (%s)", vs.ratio(), Markdown.text(faster)),
        String.format(Locale.ROOT, "%.3f", vs.pTwoSided()),
        verdict(vs.verdict()),
        vs.ratio() <= GOAL ? "met" : "not met");
  }

  /**
   * Rows per second of the client alone (generate and encode, one thread) against the server's
   * ingest of the same bytes from a file, and their ratio with the goal: medians over the rounds.
   * Only for one connection: the client is measured on one thread.
   */
  private static List<String> clientAgainstServer(Case c, List<Load> loads) {
    double[] client = seconds(loads, EncodeOnly.NAME);
    double[] server = seconds(loads, ServerFileCopy.NAME);
    if (client.length == 0 || server.length == 0) {
      return List.of("–", "–", "–");
    }
    double clientRate = c.rows().rows() / Summary.of(client).median();
    double serverRate = c.rows().rows() / Summary.of(server).median();
    double ratio = clientRate / serverRate;
    return List.of(
        String.format(Locale.ROOT, "%,.0f", clientRate),
        String.format(Locale.ROOT, "%,.0f", serverRate),
        String.format(Locale.ROOT, "%.1f (%s)", ratio, ratio >= CLIENT_GOAL ? "met" : "not met"));
  }

  private static String table(Case c) {
    return Markdown.text(c.label());
  }

  private static double[] seconds(List<Load> loads, String contender) {
    return loads.stream()
        .filter(l -> l.ok() && l.contender().equals(contender))
        .mapToDouble(Load::seconds)
        .toArray();
  }

  private static String times(List<Load> loads, String contender) {
    return Spread.of(seconds(loads, contender));
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

  /**
   * {@code a / b}: the ratio of medians, with the min–max of the ratios of the loads of the same
   * round.
   */
  private static String ratio(List<Load> loads, String a, String b) {
    double[] x = seconds(loads, a);
    double[] y = seconds(loads, b);
    if (x.length == 0 || y.length == 0) {
      return "–";
    }
    return Spread.ratio(
        Summary.of(x).median() / Summary.of(y).median(), byRound(loads, a), byRound(loads, b));
  }

  private static Map<Integer, Double> byRound(List<Load> loads, String contender) {
    Map<Integer, Double> seconds = new LinkedHashMap<>();
    loads.stream()
        .filter(l -> l.ok() && l.contender().equals(contender))
        .forEach(l -> seconds.put(l.round(), l.seconds()));
    return seconds;
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
