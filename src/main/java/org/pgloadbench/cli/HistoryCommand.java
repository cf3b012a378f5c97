package org.pgloadbench.cli;

import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.pgloadbench.analysis.EDivisive;
import org.pgloadbench.history.DatabaseSource;
import org.pgloadbench.history.HistoryException;
import org.pgloadbench.history.HistoryPoint;
import org.pgloadbench.history.HistoryReport;
import org.pgloadbench.history.HistorySource;
import org.pgloadbench.history.ResultsDirectories;
import org.pgloadbench.history.Series;
import org.pgloadbench.publish.PublishException;
import org.pgloadbench.publish.ResultsDatabase;
import org.pgloadbench.render.Markdown;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(
    name = "history",
    description = {
      "The history of a scenario's cells: every stored run of it (from results directories or a"
          + " results database), one series per machine, server and cell, its change points"
          + " found by E-divisive with a permutation test; writes reports/history/<scenario>/"
          + "report.md and prints its path as the last line. With --fail-on-change, exits 3 when"
          + " the newest runs of a series start a slower segment."
    })
final class HistoryCommand extends BaseCommand {
  /** At most this share of series without a change report one. */
  static final double ALPHA = 0.05;

  static final int PERMUTATIONS = 199;

  /** The fewest runs on either side of a change point. */
  static final int MIN_SEGMENT = 3;

  /** The fewest runs a series needs to be searched: a segment on either side. */
  static final int MIN_RUNS = 2 * MIN_SEGMENT;

  /** --fail-on-change: a slower last segment fails when it is at most this many runs long. */
  static final int RECENT = 5;

  private static final Pattern PLAIN_NAME = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.-]*");

  @Parameters(paramLabel = "SCENARIO", description = "the scenario's name, as results name it")
  String scenario;

  @Option(names = "--cell", paramLabel = "CELL", description = "one cell only (default: all)")
  String cell;

  @Option(
      names = "--step",
      paramLabel = "STEP",
      description = "one step's seconds (copy, primary_key, ...); default: the cell's total")
  String step;

  @Option(
      names = "--results",
      paramLabel = "DIR|URL",
      description =
          "a results directory, or a results database postgresql://user@host:port/db (password"
              + " from the URL, PGPASSWORD or PGPASSFILE); default: results")
  String results;

  @Option(
      names = "--against",
      paramLabel = "SERVER",
      description =
          "each server's figure divided by this server's in the same run (e.g. head): a machine"
              + " that slows every server of a run alike cancels")
  String against;

  @Option(
      names = "--reports",
      paramLabel = "DIR",
      description = "where reports go (default: ${DEFAULT-VALUE})")
  Path reports = Path.of("reports");

  @Option(
      names = "--fail-on-change",
      description =
          "exit 3 when a series' newest runs (its last "
              + RECENT
              + " at most) start a slower segment")
  boolean failOnChange;

  @Override
  public Integer call() throws Exception {
    try {
      return history();
    } catch (HistoryException | PublishException e) {
      err().println("pgloadbench history: " + e.getMessage());
      return ExitCode.USAGE;
    }
  }

  private int history() throws Exception {
    String where = Objects.requireNonNullElse(given(results), "results");
    if (!ResultsDatabase.isUrl(where)) {
      return history(new ResultsDirectories(Path.of(where)));
    }
    ResultsDatabase database = ResultsDatabase.at(where);
    try (Connection connection = database.open()) {
      return history(new DatabaseSource(connection, database.redacted()));
    }
  }

  private int history(HistorySource source) throws Exception {
    List<String> scenarios = source.scenarios();
    if (!scenarios.contains(scenario) || !PLAIN_NAME.matcher(scenario).matches()) {
      String there = scenarios.isEmpty() ? "none" : String.join(", ", scenarios);
      throw new HistoryException(
          "no runs of scenario %s in %s; scenarios there: %s"
              .formatted(scenario, source.where(), there));
    }
    List<HistoryPoint> points = source.points(scenario);
    String wantedStep = Objects.requireNonNullElse(given(step), HistoryPoint.TOTAL);
    String base = given(against);
    points = only(points, "cell", given(cell), p -> p.series().cell());
    points = only(points, "step", wantedStep, p -> p.series().step());
    if (base != null) {
      only(points, "server", base, p -> p.series().server()); // refused if none
      points = HistoryPoint.against(points, base);
    }
    EDivisive method = new EDivisive(ALPHA, PERMUTATIONS, MIN_SEGMENT, 1);
    List<Series> series = Series.of(points, method);
    int longest = series.stream().mapToInt(s -> s.points().size()).max().orElse(0);
    if (longest < MIN_RUNS) {
      throw new HistoryException(
          ("scenario %s has %s runs in its longest series; a change point needs %s (%s on either"
                  + " side): run it more times first")
              .formatted(scenario, longest, MIN_RUNS, MIN_SEGMENT));
    }
    Path report =
        HistoryReport.write(
            scenario,
            source.where(),
            (base == null
                    ? "Each figure is a run's median seconds. "
                    : "Each figure is a server's median seconds divided by "
                        + Markdown.code(base)
                        + "'s in the same run. ")
                + methodText(),
            series,
            reports.resolve("history").resolve(scenario));
    int code = ExitCode.OK;
    for (Series s : series) {
      Optional<Series.Change> slower = s.newestSlower(RECENT);
      if (failOnChange && slower.isPresent()) {
        err()
            .printf(
                "slower since run %s: %s, %+.1f%%%n",
                slower.get().after().run().id(), s.key().label(), slower.get().size() * 100);
        code = ExitCode.SLOWER;
      }
    }
    out().println(report);
    return code;
  }

  /** The points whose {@code part} is {@code wanted} (all for null); an unknown one refused. */
  private List<HistoryPoint> only(
      List<HistoryPoint> points, String what, String wanted, Function<HistoryPoint, String> part)
      throws HistoryException {
    if (wanted == null) {
      return points;
    }
    List<HistoryPoint> kept = points.stream().filter(p -> wanted.equals(part.apply(p))).toList();
    if (kept.isEmpty()) {
      List<String> there = points.stream().map(part).distinct().sorted().toList();
      throw new HistoryException(
          "no %s %s in the runs of %s; %ss there: %s"
              .formatted(what, wanted, scenario, what, String.join(", ", there)));
    }
    return kept;
  }

  /** An option as given, stripped; null when not given or blank (make passes every variable). */
  private static String given(String text) {
    return text == null || text.isBlank() ? null : text.strip();
  }

  private static String methodText() {
    return ("Change points by E-divisive (energy statistic, bisection, each kept at p ≤ %s by a"
                + " test against %s shuffles of its segments, at least %s runs on either side;"
                + " Matteson and James 2014): in a series without a change, one is reported with"
                + " probability at most %s (docs/history.md).")
        .formatted(ALPHA, PERMUTATIONS, MIN_SEGMENT, ALPHA);
  }
}
