package org.pgloadbench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.knowm.xchart.CategoryChart;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.render.Charts;
import org.pgloadbench.render.Formats;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.render.MarkdownPage;
import org.pgloadbench.render.Section;
import org.pgloadbench.render.Table;
import org.pgloadbench.results.Measurements;
import org.pgloadbench.results.RunManifest.CellRun;
import org.pgloadbench.results.StoredRun;

/**
 * "Where the time goes": per server, cell and step (tables summed), the wall time beside the
 * server's and the harness's CPU time, the rest, the bytes the server read and wrote, and what
 * bound the step ({@link TimeSplit}); PostgreSQL's own account of the I/O (pg_stat_io, 16+); and,
 * for servers with a memory cap, the tables' sizes against it.
 */
final class WhereTimeGoesSection {
  static final String CHART = "resources";

  /** Shown where the run measured any server resources (runs of older harnesses did not). */
  static final Section<ReportedRun> SECTION =
      Section.of(
          run ->
              run.results().measured().stream()
                  .anyMatch(
                      s ->
                          s.measured().serverCpuUserSeconds() != null
                              || s.measured().ioWrittenBytes() != null),
          WhereTimeGoesSection::render,
          run -> Map.of(CHART, chart(run.results())));

  private WhereTimeGoesSection() {}

  private static void render(ReportedRun run, MarkdownPage page) {
    StoredRun results = run.results();
    page.heading(2, "Where the time goes")
        .block(
            "Per cell and step, all tables, medians over repetitions: the wall time; the server's"
                + " CPU time (user and system, every process of the server, those that exited"
                + " during the step included); the harness's own CPU time; the rest, wall less"
                + " both, at least 0 (no process of the load on a CPU: waiting for the disk, a"
                + " lock, an fsync); MB the server's processes read from storage (not the page"
                + " cache) and handed to the kernel to write. "
                + TimeSplit.rule()
                + (ThrottleSection.applies(results) ? " " + TimeSplit.throttledRule() : "")
                + " A – marks a figure the server's target does not show (see Not measured).");
    caps(results, page);
    Table table =
        Table.aligned(
            "lllrrrrrrl",
            "server",
            "cell",
            "step",
            "wall s",
            "server CPU s",
            "client CPU s",
            "rest s",
            "read MB",
            "written MB",
            "bound");
    for (RunCell c : RunCell.of(results)) {
      c.stepsThenTotal((label, steps) -> table.row(row(c, label, steps)));
    }
    page.table(table).image("where the time goes", CHART + ".png");
    statIo(results, page);
    ThrottleSection.render(results, page);
  }

  /**
   * "Where the time goes" as a chart: one stacked bar per (server, cell), all its steps and tables,
   * segments the server's CPU time, the harness's and the rest. A bar above the wall time means
   * CPUs worked side by side (the client beside the server, parallel workers), as the notes say.
   */
  private static CategoryChart chart(StoredRun results) {
    List<String> labels = new ArrayList<>();
    List<Double> server = new ArrayList<>();
    List<Double> client = new ArrayList<>();
    List<Double> rest = new ArrayList<>();
    for (RunCell c : RunCell.of(results)) {
      TimeSplit split = split(c, c.steps());
      if (Double.isNaN(split.wall())) {
        continue;
      }
      labels.add(c.version() + " · " + c.cell());
      server.add(MissesSection.zero(split.serverCpu()));
      client.add(MissesSection.zero(split.clientCpu()));
      rest.add(split.rest());
    }
    CategoryChart chart =
        Charts.bars(
            "Where the time goes: " + results.scenarioName(),
            "seconds (medians, all steps and tables)",
            labels,
            650);
    if (labels.isEmpty()) {
      labels.add(" ");
      server.add(0.0);
      client.add(0.0);
      rest.add(0.0);
    }
    chart.addSeries("server CPU", labels, server);
    chart.addSeries("client CPU", labels, client);
    chart.addSeries("the rest (disk, locks, fsync)", labels, rest);
    return chart;
  }

  /** One row: the medians of the step's figures, and the word for them. */
  private static List<String> row(RunCell c, String label, List<StepKind> steps) {
    TimeSplit split = split(c, steps);
    String bound = split.bound();
    return List.of(
        Markdown.text(c.version()),
        Markdown.text(c.cell()),
        label,
        Formats.orDash(split.wall(), Formats::significant),
        Formats.orDash(split.serverCpu(), Formats::significant),
        Formats.orDash(split.clientCpu(), Formats::significant),
        Double.isNaN(split.serverCpu()) ? "–" : Formats.orDash(split.rest(), Formats::significant),
        Formats.orDash(split.readBytes(), Formats::megabytes),
        Formats.orDash(split.writtenBytes(), Formats::megabytes),
        bound == null ? "–" : bound);
  }

  /** The medians over repetitions of the figures of these steps, tables summed. */
  private static TimeSplit split(RunCell c, List<StepKind> steps) {
    return new TimeSplit(
        c.median(steps, Measurements::seconds),
        c.median(steps, Measurements::serverCpuSeconds),
        c.median(steps, Measurements::clientCpuSeconds),
        c.median(steps, Measurements::serverReadBytes),
        c.median(steps, Measurements::serverWrittenBytes),
        ThrottleSection.leastSeconds(c, steps));
  }

  /** pg_stat_io's deltas, where the servers had it (16+). */
  private static void statIo(StoredRun results, MarkdownPage page) {
    Table table =
        Table.of(
            3,
            "server",
            "cell",
            "step",
            "read MB",
            "written MB",
            "by the load's backends MB",
            "extended MB",
            "fsyncs",
            "WAL full-page images");
    for (RunCell c : RunCell.of(results)) {
      for (StepKind step : c.steps()) {
        Function<Function<Measurements, ? extends Number>, Double> median =
            m -> c.median(List.of(step), m);
        double written = median.apply(Measurements::ioWrittenBytes);
        if (Double.isNaN(written)) {
          continue;
        }
        table.row(
            Markdown.text(c.version()),
            Markdown.text(c.cell()),
            step.yamlName(),
            Formats.orDash(median.apply(Measurements::ioReadBytes), Formats::megabytes),
            Formats.orDash(written, Formats::megabytes),
            Formats.orDash(median.apply(Measurements::ioBackendWrittenBytes), Formats::megabytes),
            Formats.orDash(median.apply(Measurements::ioExtendedBytes), Formats::megabytes),
            Formats.orDash(median.apply(Measurements::ioFsyncs), Formats::count),
            Formats.orDash(median.apply(Measurements::walFpi), Formats::count));
      }
    }
    if (table.isEmpty()) {
      return;
    }
    page.block(
            "PostgreSQL's own account of the same steps (`pg_stat_io`, 16 and later): table and"
                + " index bytes read from the kernel (from the page cache or the disk: compare the"
                + " MB read above, which reached the disk), written out of shared buffers by every"
                + " backend type and, of those, by the load's own sessions and parallel workers"
                + " (buffers they had to clean to get a free one; the checkpointer and background"
                + " writer wrote the rest), the growth of tables and indexes, files synced, and"
                + " full-page images written to WAL (`pg_stat_wal`).")
        .table(table);
  }

  /**
   * The memory caps of the run's servers and, for each capped cell, its tables' largest size
   * against the cap ("nodes: 3.1× the server's memory").
   */
  private static void caps(StoredRun results, MarkdownPage page) {
    Map<String, Long> caps = new LinkedHashMap<>();
    for (CellRun cell : results.manifest().scenario().cells()) {
      if (cell.memoryCapBytes() != null) {
        caps.put(cell.label(), cell.memoryCapBytes());
      }
    }
    if (caps.isEmpty()) {
      return;
    }
    List<String> lines = new ArrayList<>();
    for (RunCell c : RunCell.of(results)) {
      Long cap = caps.get(c.cell());
      if (cap == null) {
        continue;
      }
      List<String> sizes = new ArrayList<>();
      for (String table : c.tables()) {
        double bytes = largest(c.table(table));
        if (!Double.isNaN(bytes)) {
          sizes.add(
              "%s %s MB, %s× the server's memory"
                  .formatted(
                      Markdown.text(Formats.table(table)),
                      Formats.megabytes(bytes),
                      Formats.significant(bytes / cap)));
        }
      }
      lines.add(
          "%s %s: capped at %s MB"
                  .formatted(
                      Markdown.text(c.version()), Markdown.text(c.cell()), Formats.megabytes(cap))
              + (sizes.isEmpty() ? "" : "; " + String.join("; ", sizes)));
    }
    page.block(
            "Servers with a memory cap (their processes and the page cache they fill held to it by"
                + " a cgroup, or a container's limit), and each table's largest size there:")
        .bullets(lines);
  }

  /** The median over repetitions of the (one) table's largest size after any of its steps. */
  private static double largest(RunCell table) {
    return table.steps().stream()
        .mapToDouble(step -> table.median(List.of(step), Measurements::tableBytes))
        .filter(size -> !Double.isNaN(size))
        .max()
        .orElse(Double.NaN);
  }
}
