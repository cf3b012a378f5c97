package org.pgloadbench.history;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.pgloadbench.render.Charts;
import org.pgloadbench.render.Formats;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.render.MarkdownPage;
import org.pgloadbench.render.Section;
import org.pgloadbench.render.Table;
import org.pgloadbench.results.Summary;

/**
 * {@code reports/history/<scenario>/report.md}: the change points of every series of a scenario's
 * runs, a chart per cell and step with them marked, and what changed between the runs on either
 * side of each.
 */
public final class HistoryReport {
  public static final String FILE = "report.md";

  private static final DateTimeFormatter DATE =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(ZoneOffset.UTC);

  /**
   * What the report is of.
   *
   * @param where where the runs were read from, without a password
   * @param method how change points were found, in words
   * @param charts the file of each cell and step's chart, beside the report
   */
  public record History(
      String scenario,
      String where,
      String method,
      List<Series> series,
      Map<String, List<Series>> charts) {
    /** Every run of any series, in the order started. */
    List<HistoryPoint.Run> runs() {
      return series.stream()
          .flatMap(s -> s.points().stream())
          .map(HistoryPoint::run)
          .distinct()
          .sorted(HistoryPoint.Run.ORDER)
          .toList();
    }
  }

  private static final List<Section<History>> SECTIONS =
      List.of(
          HistoryReport::title,
          HistoryReport::changes,
          HistoryReport::seriesTable,
          HistoryReport::machines);

  private HistoryReport() {}

  /** Writes the charts and the report into {@code dir}; returns the report's path. */
  public static Path write(
      String scenario, String where, String method, List<Series> series, Path dir)
      throws IOException {
    Files.createDirectories(dir);
    Map<String, List<Series>> byChart = new LinkedHashMap<>();
    series.forEach(
        s ->
            byChart
                .computeIfAbsent(s.key().cell() + " · " + s.key().step(), k -> new ArrayList<>())
                .add(s));
    History history = new History(scenario, where, method, series, new LinkedHashMap<>());
    List<HistoryPoint.Run> runs = history.runs();
    int n = 0;
    for (Map.Entry<String, List<Series>> chart : byChart.entrySet()) {
      String name = "history-" + ++n;
      Charts.write(
          HistoryChart.chart(scenario + " · " + chart.getKey(), chart.getValue(), runs), dir, name);
      history.charts().put(name + ".png", chart.getValue());
    }
    Path report = dir.resolve(FILE);
    Files.writeString(
        report,
        MarkdownPage.report().sections(SECTIONS, history).toString(),
        StandardCharsets.UTF_8);
    return report;
  }

  private static void title(History h, MarkdownPage page) {
    page.heading(1, "History of " + Markdown.text(h.scenario()));
    page.block(
        ("%s runs from %s, %s series (one per machine, server and cell for each step shown), each"
             + " in the order its runs started. %s")
            .formatted(h.runs().size(), Markdown.code(h.where()), h.series().size(), h.method()));
  }

  private static void changes(History h, MarkdownPage page) {
    page.heading(2, "Changes");
    Table table =
        Table.aligned(
            "lllrrrrl",
            "Series",
            "Last run before",
            "First run after",
            "Size",
            "95% interval",
            "p",
            "Runs after",
            "What changed between the two runs");
    for (Series series : h.series()) {
      for (Series.Change c : series.changes()) {
        table.row(
            Markdown.text(series.key().label()),
            run(c.before().run()),
            run(c.after().run()),
            percent(c.size()),
            percent(c.low()) + " to " + percent(c.high()),
            String.format(Locale.ROOT, "%.3f", c.p()),
            Integer.toString(series.points().size() - c.index()),
            c.changed().isEmpty()
                ? "nothing recorded"
                : String.join("; ", c.changed().stream().map(Markdown::text).toList()));
      }
    }
    page.block(
        table.isEmpty()
            ? "No change point in any series."
            : "Size: the mean of the runs after the change (up to the next one) against the mean"
                + " of those before it (back to the one before); its interval resamples each side"
                + " (bootstrap). Runs after: how many runs the later segment holds, the newest"
                + " included.");
    if (!table.isEmpty()) {
      page.table(table);
    }
  }

  private static void seriesTable(History h, MarkdownPage page) {
    page.heading(2, "Series");
    h.charts().forEach((file, series) -> page.image("history chart", file));
    Table table = Table.aligned("lrllrr", "Series", "Runs", "First", "Newest", "Median", "Changes");
    for (Series s : h.series()) {
      List<HistoryPoint> points = s.points();
      table.row(
          Markdown.text(s.key().label()),
          Integer.toString(points.size()),
          date(points.get(0).run().started()),
          date(points.get(points.size() - 1).run().started()),
          Formats.significant(
              Summary.plain(points.stream().map(HistoryPoint::seconds).toList()).median()),
          Integer.toString(s.changes().size()));
    }
    page.table(table);
  }

  private static void machines(History h, MarkdownPage page) {
    Map<String, String> machines = new LinkedHashMap<>();
    for (Series s : h.series()) {
      String described = s.points().get(0).context().getOrDefault(HistoryPoint.MACHINE, "");
      machines.putIfAbsent(s.key().machine(), described);
    }
    page.heading(2, "Machines");
    Table table = Table.aligned("ll", "Machine", "CPUs, memory, OS");
    machines.forEach((id, described) -> table.row(Markdown.text(id), Markdown.text(described)));
    page.table(table);
  }

  private static String run(HistoryPoint.Run run) {
    return Markdown.text(run.id()) + " (" + date(run.started()) + ")";
  }

  private static String date(Instant instant) {
    return DATE.format(instant);
  }

  private static String percent(double fraction) {
    return String.format(Locale.ROOT, "%+.1f%%", fraction * 100);
  }
}
