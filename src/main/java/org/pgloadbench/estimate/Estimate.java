package org.pgloadbench.estimate;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.pgloadbench.results.StoredRun;
import org.pgloadbench.run.Plan;
import org.pgloadbench.scenario.Cell;
import org.pgloadbench.scenario.Scenario;

/**
 * How long a plan will take, from the stored runs of its scenario ({@link History}): each server's
 * start, its warm-ups and its loads, each load its steps ({@link LoadTimes}) and its set-up outside
 * them ({@link Outside}). It covers the run from the first server's start to the last load, as
 * run.json's start and end times do; the report written after it is not in it.
 */
public final class Estimate {
  /**
   * One server's part of the run.
   *
   * @param planned the plan's server
   * @param server as results name it: its version or build label, a control's with its suffix
   * @param loads the measured loads whose time is known
   * @param loadSeconds their steps
   * @param setupSeconds their time outside the steps
   * @param unknown the cells no comparable stored cell tells the time of
   */
  public record ServerTime(
      Plan.Server planned,
      String server,
      double startSeconds,
      double warmupSeconds,
      int loads,
      double loadSeconds,
      double setupSeconds,
      List<String> unknown) {
    public double seconds() {
      return startSeconds + warmupSeconds + loadSeconds + setupSeconds;
    }
  }

  private final Plan plan;
  private final String none;
  private final List<ServerTime> servers = new ArrayList<>();
  private final Map<Plan.Server, Map<String, Double>> perLoad = new LinkedHashMap<>();
  private final Set<String> runs = new LinkedHashSet<>();
  private final List<String> notes = new ArrayList<>();
  private Outside outside = Outside.NONE;

  private Estimate(Plan plan, String none) {
    this.plan = plan;
    this.none = none;
  }

  /** The estimate of {@code plan}, a plan of {@code scenario}, from {@code history}. */
  public static Estimate of(Scenario scenario, Plan plan, History history) {
    Estimate estimate = new Estimate(plan, history.none());
    if (history.none() == null) {
      estimate.from(scenario, history.runs());
    }
    return estimate;
  }

  private void from(Scenario scenario, List<StoredRun> stored) {
    LoadTimes times = LoadTimes.of(stored);
    outside =
        stored.stream()
            .map(Outside::of)
            .flatMap(Optional::stream)
            .findFirst()
            .orElse(Outside.NONE);
    long rows = scenario.dataset().rows().values().stream().mapToLong(Long::longValue).sum();
    List<LoadTimes.Scaling> scalings = new ArrayList<>();
    for (Plan.Server server : plan.servers()) {
      String name = server.label();
      Map<String, Double> loads = new LinkedHashMap<>();
      Map<String, String> from = new LinkedHashMap<>();
      List<String> unknown = new ArrayList<>();
      for (Cell cell : plan.cells(server)) {
        Optional<LoadTimes.Guess> guess = times.guess(name, cell, rows);
        if (guess.isEmpty()) {
          unknown.add(cell.label());
          continue;
        }
        loads.put(cell.label(), guess.get().seconds() + outside.setupSeconds());
        runs.addAll(guess.get().runs());
        scalings.add(guess.get().scaling());
        if (!guess.get().from().isEmpty()) {
          from.put(cell.label(), guess.get().from());
        }
      }
      perLoad.put(server, loads);
      double steps = loads.values().stream().mapToDouble(s -> s - outside.setupSeconds()).sum();
      String first = plan.cells(server).get(0).label();
      // a run that starts its servers afresh starts and warms each up again every few rounds
      int starts = plan.starts(plan.repeat());
      double warmup = plan.warmup() * loads.getOrDefault(first, 0.0);
      servers.add(
          new ServerTime(
              server,
              name,
              outside.startSeconds() * starts,
              warmup * starts,
              loads.size() * plan.repeat(),
              steps * plan.repeat(),
              loads.size() * plan.repeat() * outside.setupSeconds(),
              unknown));
      nearest(name, from, plan.cells(server).size());
    }
    notes.addAll(LoadTimes.notes(scalings, rows));
  }

  /** Where a server's cells never ran: said once for the server when all stand in alike. */
  private void nearest(String server, Map<String, String> from, int cells) {
    Set<String> distinct = new LinkedHashSet<>(from.values());
    if (from.size() == cells && distinct.size() == 1) {
      notes.add("PostgreSQL " + server + " never ran here: " + distinct.iterator().next());
      return;
    }
    from.forEach(
        (cell, as) -> notes.add("cell " + cell + " never ran on PostgreSQL " + server + ": " + as));
  }

  /** Why nothing could be estimated, as plan says it; null when something could. */
  public String none() {
    return none;
  }

  public List<ServerTime> servers() {
    return List.copyOf(servers);
  }

  /** The whole run's time, the unknown loads aside. */
  public double seconds() {
    return servers.stream().mapToDouble(ServerTime::seconds).sum();
  }

  /** The ids of the stored runs the load times came from. */
  public Set<String> runs() {
    return runs;
  }

  /**
   * The time outside the steps: a start, a load's set-up, the run they came from and whether it
   * timed them apart; {@link Outside#NONE} when no stored run tells it.
   */
  public Outside outside() {
    return outside;
  }

  /** What stands in for what never ran, and how times were scaled to the planned rows. */
  public List<String> notes() {
    return List.copyOf(notes);
  }

  /** The loads of no known time, over all rounds. */
  public int unknownLoads() {
    return servers.stream().mapToInt(s -> s.unknown().size()).sum() * plan.repeat();
  }

  /** One round: every cell on every server once, set-ups included. */
  public double roundSeconds() {
    return perLoad.values().stream()
        .flatMap(m -> m.values().stream())
        .mapToDouble(Double::doubleValue)
        .sum();
  }

  /** The servers' starts and warm-ups: what comes before the first round. */
  public double beforeRounds() {
    return servers.stream().mapToDouble(s -> s.startSeconds() + s.warmupSeconds()).sum();
  }

  /**
   * The expected time from the run's start to the end of each load, in the order the runner runs
   * them (every server started, then the warm-ups, then round after round): element 0 is when the
   * servers are up, element k the end of the k-th load. A load of unknown time counts as the mean
   * of the known.
   */
  public double[] timeline() {
    if (none != null) {
      return new double[0];
    }
    double known = perLoad.values().stream().mapToDouble(m -> m.values().size()).sum();
    double mean = known == 0 ? 0 : roundSeconds() / known;
    List<Double> ends = new ArrayList<>();
    double startAll =
        servers.stream().mapToDouble(ServerTime::startSeconds).sum() / plan.starts(plan.repeat());
    double at = startAll;
    ends.add(at);
    at = warmUps(ends, at, mean);
    for (int round = 1; round <= plan.repeat(); round++) {
      if (plan.restartsBefore(round)) {
        at = warmUps(ends, at + startAll, mean);
      }
      for (Plan.Load load : plan.round(round)) {
        at += perLoad.get(load.server()).getOrDefault(load.cell().label(), mean);
        ends.add(at);
      }
    }
    return ends.stream().mapToDouble(Double::doubleValue).toArray();
  }

  /** Every server's warm-up loads from {@code at}, each one's end added; returns the last. */
  private double warmUps(List<Double> ends, double at, double mean) {
    for (Plan.Server server : plan.servers()) {
      String first = plan.cells(server).get(0).label();
      for (int i = 0; i < plan.warmup(); i++) {
        at += perLoad.get(server).getOrDefault(first, mean);
        ends.add(at);
      }
    }
    return at;
  }
}
