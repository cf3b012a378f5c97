package org.pgloadbench.cli;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;
import org.pgloadbench.analysis.Comparison;
import org.pgloadbench.dataset.TableDef;
import org.pgloadbench.recipe.Recipe;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.render.Verdicts;
import org.pgloadbench.run.Plan;
import org.pgloadbench.run.Shard;
import org.pgloadbench.scenario.Cell;
import org.pgloadbench.scenario.Measure;
import org.pgloadbench.scenario.MemoryCaps;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.scenario.ScenarioException;
import org.pgloadbench.server.ServerException;
import org.pgloadbench.server.ServerTarget;

/** What a scenario will do, as {@code plan} prints it and {@code bench} before it starts. */
final class PlanText {
  private PlanText() {}

  /** Also checks what only the target can: a version it cannot run is a one-line scenario error. */
  static String describe(Scenario scenario, Plan plan, ServerTarget target)
      throws ScenarioException {
    StringBuilder out = new StringBuilder();
    out.append("scenario %s (%s)\n".formatted(scenario.name(), scenario.source()));
    // a redundant form the loader accepted, said where plan and bench show the scenario
    scenario.notes().forEach(note -> out.append("  warning   ").append(note).append('\n'));
    out.append(
        "  dataset   %s: %s\n".formatted(scenario.dataset().kind(), scenario.dataset().describe()));
    List<String> servers = new ArrayList<>();
    List<String> versions = scenario.servers().versions();
    for (int i = 0; i < versions.size(); i++) {
      try {
        servers.add("PostgreSQL " + versions.get(i) + " (" + target.resolve(versions.get(i)) + ")");
      } catch (ServerException e) {
        // the scenario's mistake, though only the target can see it: at the field the target
        // names (an image, a bin dir), else at the version
        String field = e.field() != null ? "servers." + e.field() : "servers.versions[" + i + "]";
        throw scenario.origins().error(field, e.getMessage());
      }
    }
    out.append(
        "  servers   %s: %s\n".formatted(scenario.servers().target(), String.join(", ", servers)));
    if (plan.shard() != null) {
      out.append(shard(plan));
    }
    if (!scenario.settings().isEmpty()) {
      out.append("  settings  ").append(scenario.settings()).append('\n');
    }
    List<Cell> cells = scenario.cells();
    startsApart(
        out,
        "  profiles  ",
        cells.stream().map(c -> c.variant().settings().profileName()),
        "defaults",
        " (each its own server start)");
    startsApart(
        out,
        "  memory    ",
        cells.stream()
            .map(c -> c.variant().memoryBytes())
            .map(b -> b == 0 ? "none" : MemoryCaps.shown(b)),
        "none",
        " (each capped server its own start, its processes and page cache held to it)");
    startsApart(
        out,
        "  disk      ",
        cells.stream().map(c -> c.variant().disk().text()),
        "none",
        " (each limited server its own start, its reads and writes of the disk holding its"
            + " data throttled"
            + (cells.stream().anyMatch(c -> c.variant().disk().direct())
                ? "; io=direct: its data files and WAL written with direct I/O, every byte"
                    + " through the throttle, shared_buffers its only cache"
                : "")
            + ")");
    startsApart(
        out,
        "  standby   ",
        cells.stream().map(c -> c.variant().standby().yamlName()),
        "none",
        " (each its own server start; a standby streams the server's WAL, wal_level replica)");
    if (scenario.measure() == Measure.INSTRUCTIONS) {
      out.append(
          "  measure   time and instructions: each step's instructions counted, the servers under"
              + " valgrind (many times slower); one round, no warm-up, unless REPEAT= and WARMUP="
              + " say otherwise\n");
    }
    // a claim whose sides name no version is checked on every version but the control's server;
    // the starts of one version (profiles, caps, standbys) are one version to a claim
    int checkedOn =
        (int)
            plan.servers().stream()
                .filter(server -> !server.control())
                .map(Plan.Server::requested)
                .distinct()
                .count();
    int claimTests =
        scenario.claims().stream()
            .mapToInt(c -> c.subject().version() != null ? 1 : checkedOn)
            .sum();
    if (claimTests > 0) {
      out.append("  claims    ").append(scenario.claims().size());
      if (claimTests != scenario.claims().size()) {
        out.append(" (" + claimTests + " tests over the servers, Holm-corrected together)");
      }
      out.append('\n');
    }
    out.append(
        String.format(
            Locale.ROOT,
            "  %d server start(s)%s, all up before the first round%s; %d round(s), each every"
                + " cell on every server once: %d measured loads, %d warm-up load(s) per"
                + " server%s%n",
            plan.servers().size(),
            plan.hasControl()
                ? " (one a control: a second "
                    + plan.servers().get(plan.servers().size() - 1).requested()
                    + ", same binaries and settings)"
                : "",
            plan.restartEvery() > 0
                ? ", each started afresh every "
                    + plan.restartEvery()
                    + " round(s) (restart:"
                    + (plan.restartFrom() == null
                        ? ""
                        : " auto, the design stored run " + plan.restartFrom() + " found fastest")
                    + "), a start the unit of every comparison between servers"
                : "",
            plan.repeat(),
            plan.measuredLoads(),
            plan.warmup(),
            plan.restartEvery() > 0 ? " and start" : ""));
    if (scenario.stopping().auto()) {
      out.append(AutoRounds.describe(plan, scenario.stopping()));
    } else {
      out.append(tooFewRounds(plan.repeat(), claimTests, scenario.cells().size() - 1));
      if (plan.restartEvery() > 0 && plan.starts(plan.repeat()) < Comparison.MIN_SAMPLES) {
        out.append(
            String.format(
                Locale.ROOT,
                "  warning   %d round(s) of %d per start are %d start(s): no comparison between"
                    + " servers has a verdict with fewer than %d; run %d rounds (REPEAT=%d), or"
                    + " fewer per start (restart: 1)%n",
                plan.repeat(),
                plan.restartEvery(),
                plan.starts(plan.repeat()),
                Comparison.MIN_SAMPLES,
                Comparison.MIN_SAMPLES * plan.restartEvery(),
                Comparison.MIN_SAMPLES * plan.restartEvery()));
      }
    }
    int width = scenario.cells().stream().mapToInt(c -> c.label().length()).max().orElse(0);
    for (Cell cell : scenario.cells()) {
      // the steps that apply to the cell on any of its tables (nodes build no index, ways do)
      Set<StepKind> steps = new LinkedHashSet<>();
      for (TableDef table : scenario.dataset().tableDefs(cell.variant())) {
        Recipe.of(scenario.steps(), cell.variant(), table).forEach(s -> steps.add(s.kind()));
      }
      List<String> inOrder =
          scenario.steps().stream().filter(steps::contains).map(StepKind::yamlName).toList();
      // the scenario's axes this cell has no value on: they do not apply to its loader
      List<String> collapsed =
          scenario.axes().stream().filter(a -> !cell.axes().containsKey(a)).toList();
      out.append(
          String.format(
              Locale.ROOT,
              "    %-" + width + "s  %s%s%n",
              cell.label(),
              String.join(", ", inOrder),
              collapsed.isEmpty()
                  ? ""
                  : "  (no "
                      + String.join(", ", collapsed)
                      + ": not for loader "
                      + cell.variant().loader().yamlName()
                      + ")"));
    }
    return out.toString();
  }

  /** What a shard runs, and how its group is joined. */
  private static String shard(Plan plan) {
    Shard shard = plan.shard();
    return String.format(
        Locale.ROOT,
        "  shard     %s of group %s: %s; the other shards run the rest of the plan's server"
            + " starts, each on its own machine; make report GROUP=%s RUNS=... joins them%n",
        shard.text(),
        shard.group(),
        String.join(", ", plan.servers().stream().map(Plan.Server::label).toList()),
        shard.group());
  }

  /**
   * The line of a server-side axis whose cells start servers apart: its distinct values and what
   * they do, unless every cell has {@code none}.
   */
  private static void startsApart(
      StringBuilder out, String label, Stream<String> values, String none, String note) {
    List<String> distinct = values.distinct().toList();
    if (!distinct.equals(List.of(none))) {
      out.append(label).append(String.join(", ", distinct)).append(note).append('\n');
    }
  }

  /**
   * A warning when a fixed number of rounds can decide no claim (one-sided, Holm-corrected over the
   * claims' tests), or no cell against the baseline (two-sided, over the other cells).
   */
  private static String tooFewRounds(int rounds, int claimTests, int againstBaseline) {
    String warning = Verdicts.tooFewPairs(rounds, claimTests, true);
    if (warning.isEmpty() && againstBaseline > 0) {
      warning = Verdicts.tooFewPairs(rounds, againstBaseline, false);
    }
    return warning.isEmpty() ? "" : "  warning   " + warning + "\n";
  }
}
