package org.pgloadbench.overhead;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.pgloadbench.analysis.Comparison;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.render.Formats;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.render.MarkdownPage;
import org.pgloadbench.render.Table;
import org.pgloadbench.results.Measurements;
import org.pgloadbench.results.Sample;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.results.StoredRun;
import org.pgloadbench.scenario.Axis;

/**
 * Pair 1 as a report section, from its stored loads: per case the contenders' median times, the
 * harness's client CPU beside its wall time, the harness's ratio to each other contender paired by
 * round, the verdict against the faster of them and the goal (at most {@link OverheadReport#GOAL}
 * times it), the client's rows/s against the server's and their goal ({@link
 * OverheadReport#CLIENT_GOAL}); then where the harness's time goes.
 */
final class CopyReport {
  /** The harness and its parts measured alone: never the yardstick the harness is held to. */
  private static final Set<String> HARNESS_PARTS =
      Set.of(Contenders.HARNESS, EncodeOnly.NAME, Contenders.JDBC_FILE);

  /**
   * A case as stored on the server the streamed COPY ran on ({@code version}): its table and axes
   * (format, connections, the middle format if named).
   */
  record Case(StoredRun run, String version, String table, Map<String, String> axes) {
    Sample seconds(String contender) {
      return sample(contender, Measurements::seconds);
    }

    /**
     * Seconds per row: how the client alone, which may go over a small table more than once
     * ({@link Contender#passes}), compares with the server's one pass.
     */
    Sample secondsPerRow(String contender) {
      return sample(
          contender, m -> m.rows() == null || m.rows() == 0 ? null : m.seconds() / m.rows());
    }

    Sample sample(String contender, Function<Measurements, ? extends Number> measure) {
      return run.sample(
          version,
          HeadToHead.cell(contender, axes),
          List.of(table),
          List.of(StepKind.COPY),
          measure);
    }

    /** Table, format, connections, as the first columns show them. */
    List<String> columns() {
      return List.of(
          Markdown.text(ScenarioTables.label(table, axes.get(Axis.MIDDLE_FORMAT.name()))),
          Markdown.text(axes.get(Axis.FORMAT.name())),
          Markdown.text(axes.get(Axis.CONNECTIONS.name())));
    }

    /** {@code ways (legacy), binary, 1 conn}: the case in a line of text. */
    String name() {
      return Markdown.text(
          ScenarioTables.label(table, axes.get(Axis.MIDDLE_FORMAT.name()))
              + ", "
              + axes.get(Axis.FORMAT.name())
              + ", "
              + axes.get(Axis.CONNECTIONS.name())
              + " conn");
    }
  }

  private CopyReport() {}

  /** Nothing when the streamed COPY stored no load. */
  static void render(StoredRun run, String version, MarkdownPage page) {
    Set<Case> cases = new LinkedHashSet<>();
    Set<String> measured = new LinkedHashSet<>();
    for (StepResult load : run.measured()) {
      Map<String, String> axes = HeadToHead.caseAxes(load);
      if (load.server().equals(version) && axes != null) {
        cases.add(new Case(run, version, load.table(), axes));
        measured.add(load.axes().get(OverheadResults.CONTENDER));
      }
    }
    if (cases.isEmpty()) {
      return;
    }
    List<String> others =
        Contenders.copy().stream()
            .map(Contender::name)
            .filter(n -> measured.contains(n) && !HARNESS_PARTS.contains(n))
            .toList();
    page.block(
        "Times in seconds: median (min–max) over the rounds. Ratios: harness / other in the same"
            + " round, the median with its 95% interval; verdict: the harness against the faster"
            + " other; goal: harness at most "
            + OverheadReport.GOAL
            + "× the faster other. Client rows/s: the harness generating and encoding alone (one"
            + " thread, no server), over a table again and again up to "
            + Formats.count(EncodeOnly.MIN_ROWS)
            + " rows where it has fewer; server rows/s: the server reading the same bytes from a"
            + " file; goal: client at least "
            + OverheadReport.CLIENT_GOAL
            + "× the server.");
    List<String> header =
        new ArrayList<>(List.of("table", "format", "conn", "harness s", "client CPU s"));
    others.forEach(o -> header.add(Markdown.text(o) + " s"));
    others.forEach(o -> header.add("harness / " + Markdown.text(o)));
    header.addAll(List.of("harness / faster", "verdict", "goal ≤ " + OverheadReport.GOAL + "×"));
    header.addAll(
        List.of(
            "client rows/s",
            "server rows/s",
            Contenders.SERVER_FILE + " s",
            "client / server (goal ≥ " + OverheadReport.CLIENT_GOAL + "×)"));
    Table table =
        Table.aligned(
            "lll" + "r".repeat(2 + 2 * others.size()) + "rll" + "rrrl",
            header.toArray(String[]::new));
    for (Case c : cases) {
      List<String> row = new ArrayList<>(c.columns());
      Sample harness = c.seconds(Contenders.HARNESS);
      row.add(OverheadReport.seconds(harness));
      Sample cpu = c.sample(Contenders.HARNESS, Measurements::clientCpuSeconds);
      row.add(cpu.isEmpty() ? "–" : Formats.significant(cpu.summary().median()));
      others.forEach(o -> row.add(OverheadReport.seconds(c.seconds(o))));
      others.forEach(
          o -> row.add(OverheadReport.ratio(OverheadReport.paired(c.seconds(o), harness))));
      row.addAll(againstFaster(c, others, harness));
      row.addAll(clientAgainstServer(c));
      table.row(row);
    }
    page.table(table);
    if (measured.contains(Contenders.JDBC_FILE)) {
      whereTheTimeGoes(cases, page);
    }
    CopyGoals.render(cases, page);
  }

  /** The harness against the faster of the others: ratio, verdict, goal. */
  private static List<String> againstFaster(Case c, List<String> others, Sample harness) {
    String faster = null;
    Sample fastest = null;
    for (String o : others) {
      Sample s = c.seconds(o);
      if (!s.isEmpty() && (fastest == null || s.summary().median() < fastest.summary().median())) {
        faster = o;
        fastest = s;
      }
    }
    Comparison vs = fastest == null ? null : OverheadReport.paired(fastest, harness);
    if (vs == null || Double.isNaN(vs.ratio())) {
      return List.of("–", "–", "–");
    }
    return List.of(
        OverheadReport.ratio(vs) + ", " + Markdown.text(faster),
        OverheadReport.verdict(vs),
        OverheadReport.met(vs.ratio() <= OverheadReport.GOAL, vs.ratio()));
  }

  /**
   * Rows per second of the client alone (generate and encode, one thread) against the server's
   * ingest of the same bytes from a file (medians over the rounds), and how many times faster the
   * client is, the median of the rounds, with the goal. Only for one connection: the client is
   * measured on one thread.
   */
  private static List<String> clientAgainstServer(Case c) {
    Sample client = c.secondsPerRow(EncodeOnly.NAME);
    Sample server = c.secondsPerRow(Contenders.SERVER_FILE);
    Comparison ratio = OverheadReport.paired(client, server);
    if (ratio == null || Double.isNaN(ratio.ratio())) {
      return List.of("–", "–", "–", "–");
    }
    return List.of(
        Formats.count(1 / client.summary().median()),
        Formats.count(1 / server.summary().median()),
        OverheadReport.seconds(c.seconds(Contenders.SERVER_FILE)),
        String.format(
            Locale.ROOT,
            "%.1f, %s",
            ratio.ratio(),
            ratio.ratio() >= OverheadReport.CLIENT_GOAL ? "met" : "not met"));
  }

  /**
   * The harness's ratio to the server reading the file, split in two at the harness's driver
   * streaming the same file: what generating and encoding while sending adds, and what the wire
   * adds.
   */
  private static void whereTheTimeGoes(Set<Case> cases, MarkdownPage page) {
    page.heading(2, "Where the harness's time goes")
        .block(
            "`"
                + Contenders.JDBC_FILE
                + "`: the harness's driver and connections streaming the dumped file, nothing"
                + " generated or encoded. Ratios of the same round, the median with its 95%"
                + " interval; beside them the harness's load, in seconds.");
    Table table =
        Table.aligned(
            "lllrrrr",
            "table",
            "format",
            "conn",
            "harness / " + Contenders.JDBC_FILE + " (generating and encoding)",
            Contenders.JDBC_FILE + " / " + Contenders.SERVER_FILE + " (the wire)",
            "harness / " + Contenders.SERVER_FILE,
            "harness s");
    for (Case c : cases) {
      Sample harness = c.seconds(Contenders.HARNESS);
      Sample streamed = c.seconds(Contenders.JDBC_FILE);
      Sample server = c.seconds(Contenders.SERVER_FILE);
      List<String> row = new ArrayList<>(c.columns());
      row.add(OverheadReport.ratio(OverheadReport.paired(streamed, harness)));
      row.add(OverheadReport.ratio(OverheadReport.paired(server, streamed)));
      row.add(OverheadReport.ratio(OverheadReport.paired(server, harness)));
      row.add(OverheadReport.seconds(harness));
      table.row(row);
    }
    page.table(table);
  }
}
