package org.pgloadbench.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.pgloadbench.analysis.Comparison;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.render.Formats;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.render.MarkdownPage;
import org.pgloadbench.render.Section;
import org.pgloadbench.render.Table;
import org.pgloadbench.render.Verdicts;
import org.pgloadbench.results.Measurements;
import org.pgloadbench.results.RunManifest.CellRun;
import org.pgloadbench.results.Sample;
import org.pgloadbench.results.StoredRun;

/**
 * "The standby", for runs whose servers streamed their WAL to one: per cell, what the standby cost
 * against the same cell without one, the WAL it was shipped, the largest lag it had left at a
 * step's end and how long a sync standby's commits waited; then the same per step.
 */
final class StandbySection implements Section<ReportedRun> {
  private static final String STANDBY = "standby";
  private static final String NONE = "none";

  /** What the tables show, and where each figure comes from. */
  private static final String INTRO =
      "Servers with a physical standby streaming their WAL over the loopback (async, or"
          + " sync: each commit waits until the standby has flushed it). Per cell, medians"
          + " over repetitions: the total against the same cell without a standby on the"
          + " same server version, paired by round, Holm-corrected over the version's cells;"
          + " the WAL written, all of which the standby is shipped; the largest lag the"
          + " standby had left at the end of a step, in MB (WAL written on the primary,"
          + " `pg_current_wal_lsn()`, not yet replayed on the standby,"
          + " `pg_last_wal_replay_lsn()`) and as the primary's"
          + " `pg_stat_replication.replay_lag`; and the session-seconds the commits waited"
          + " for a sync standby (the load's backends seen waiting for it in their process"
          + " titles, looked at every 5 ms).";

  /** Whether any step recorded a standby's lag (runs of older harnesses did not). */
  @Override
  public boolean applies(ReportedRun run) {
    return run.results().measured().stream().anyMatch(s -> s.measured().standbyLagBytes() != null);
  }

  @Override
  public void render(ReportedRun run, MarkdownPage page) {
    StoredRun results = run.results();
    page.heading(2, "The standby").block(INTRO);
    Map<String, CellRun> cells = new LinkedHashMap<>();
    results.manifest().scenario().cells().forEach(c -> cells.put(c.label(), c));
    Table cost =
        Table.aligned(
            "llrrrrlrr",
            "server",
            "cell",
            "total s",
            "vs no standby",
            "WAL MB",
            "largest lag MB",
            "at",
            "lag s",
            "commits waited s");
    Table steps =
        Table.of(3, "server", "cell", "step", "WAL MB", "lag MB", "lag s", "commits waited s");
    for (String version : results.versions()) {
      List<RunCell> watched =
          RunCell.of(results, version).stream()
              .filter(c -> !c.sample(c.steps(), Measurements::standbyLagBytes).isEmpty())
              .toList();
      Map<String, Comparison> versus = versus(watched, cells);
      for (RunCell c : watched) {
        Largest largest = largest(c, c.steps());
        Comparison vs = versus.get(c.cell());
        cost.row(
            Markdown.text(version),
            Markdown.text(c.cell()),
            Formats.orDash(c.median(c.steps(), Measurements::seconds), Formats::significant),
            vs == null
                ? "–"
                : Verdicts.ratio(vs) + Verdicts.interval(vs) + ", " + Verdicts.stated(vs),
            Formats.orDash(c.median(c.steps(), Measurements::walBytes), Formats::megabytes),
            Formats.orDash(largest.bytes(), Formats::megabytes),
            largest.at(),
            Formats.orDash(largest.seconds(), Formats::significant),
            waited(c, c.steps()));
        for (StepKind step : c.steps()) {
          Largest lag = largest(c, List.of(step));
          steps.row(
              Markdown.text(version),
              Markdown.text(c.cell()),
              step.yamlName(),
              Formats.orDash(c.median(List.of(step), Measurements::walBytes), Formats::megabytes),
              Formats.orDash(lag.bytes(), Formats::megabytes),
              Formats.orDash(lag.seconds(), Formats::significant),
              waited(c, List.of(step)));
        }
      }
    }
    page.table(cost)
        .block(
            "Per step, the WAL and the waits summed over the tables, the lag the largest of the"
                + " tables':")
        .table(steps);
  }

  /** The lag at the end of the step (and table) where it was largest, median over repetitions. */
  private record Largest(double bytes, double seconds, String at) {}

  private static Largest largest(RunCell c, List<StepKind> steps) {
    Largest largest = new Largest(Double.NaN, Double.NaN, "–");
    for (StepKind step : steps) {
      for (String table : c.tables()) {
        RunCell one = c.table(table);
        double bytes = one.median(List.of(step), Measurements::standbyLagBytes);
        if (!Double.isNaN(bytes) && !(bytes <= largest.bytes())) {
          largest =
              new Largest(
                  bytes,
                  one.median(List.of(step), Measurements::standbyLagSeconds),
                  Markdown.text(Formats.table(table)) + " " + step.yamlName());
        }
      }
    }
    return largest;
  }

  /**
   * Each cell against its twin without a standby on the same server version (same axes, {@code
   * standby: none}), paired by round where the run was, Holm-corrected over the version's cells;
   * none for a cell without a twin.
   */
  private static Map<String, Comparison> versus(List<RunCell> watched, Map<String, CellRun> cells) {
    Map<String, Comparison> family = new LinkedHashMap<>();
    for (RunCell c : watched) {
      Comparison versus = versus(c, cells);
      if (versus != null) {
        family.put(c.cell(), versus);
      }
    }
    return Comparison.holm(family);
  }

  private static Comparison versus(RunCell with, Map<String, CellRun> cells) {
    CellRun run = cells.get(with.cell());
    if (run == null || !run.axes().containsKey(STANDBY)) {
      return null;
    }
    Map<String, String> twinAxes = new LinkedHashMap<>(run.axes());
    twinAxes.put(STANDBY, NONE);
    StoredRun results = with.results();
    String twin =
        cells.values().stream()
            .filter(c -> Objects.equals(c.axes(), twinAxes))
            .map(CellRun::label)
            .findFirst()
            .orElse(null);
    if (twin == null || !results.cells(with.version()).contains(twin)) {
      return null;
    }
    Sample base = results.total(with.version(), twin);
    Sample standby = results.total(with.version(), with.cell());
    if (base.isEmpty() || standby.isEmpty()) {
      return null;
    }
    // a standby is a server start of its own: over the run's starts where it had several
    return Comparison.between(
        base, standby, results.manifest().paired(), results.manifest().starts());
  }

  private static String waited(RunCell c, List<StepKind> steps) {
    return Formats.orDash(c.median(steps, Measurements::syncWaitSeconds), Formats::significant);
  }
}
