package org.pgloadbench.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import org.pgloadbench.analysis.StartVariance;
import org.pgloadbench.analysis.StartsDesign;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.results.StoredRun;
import org.pgloadbench.scenario.Cell;
import org.pgloadbench.scenario.Restarts;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.variant.DiskLimit;
import org.pgloadbench.variant.ServerVariant;
import org.pgloadbench.variant.SettingsProfile;
import org.pgloadbench.variant.StandbyMode;

/**
 * What a run will do, worked out once and shared by {@code plan}, {@code bench}, resume and the
 * progress bar: the server starts, and the loads, round by round.
 *
 * <p>Every server of the run is started before the first round, and each round loads every cell on
 * every server once. A machine whose speed drifts over minutes then slows every server alike, and
 * two servers' loads of one cell in one round, a few seconds apart, make a pair whose ratio the
 * drift does not move: the comparisons of servers test those pairs. Within a round the cells come
 * in an order rotated from round to round, and each cell's servers one after the other, in an order
 * rotated too, so that none always goes first.
 *
 * @param servers the server starts, in the order the scenario lists versions and profiles; the
 *     control, when there is one, last
 * @param repeat measured rounds
 * @param warmup unmeasured loads per server after each of its starts
 * @param restartEvery rounds per server start: every server is started afresh (and warmed up
 *     again) before rounds 1 + k × restartEvery; 0 for one start for the whole run
 * @param restartFrom the stored run whose starts chose {@code restartEvery} ({@code restart:
 *     auto}), or null
 * @param shard the part of the scenario's server starts this plan runs ({@code SHARD=}), or null
 *     for them all
 */
public record Plan(
    List<Server> servers,
    List<Cell> cells,
    int repeat,
    int warmup,
    int restartEvery,
    String restartFrom,
    Shard shard) {

  /**
   * One server start: a version (or build label, or URL) with the server-side values of its cells
   * (settings profile, memory cap, standby, disk limit, ...).
   *
   * @param control a second instance of the base server, same binaries and settings: an A/A
   *     comparison that shows what the machine's drift alone makes of two identical servers
   */
  public record Server(String requested, ServerVariant variant, boolean control) {
    /** The same server start as a control, or not. */
    Server control(boolean control) {
      return new Server(requested, variant, control);
    }

    /** This kind of server start on {@code version}. */
    Server on(String version) {
      return new Server(version, variant, control);
    }

    /** As results name it: the version requested, a control's with its suffix. */
    public String label() {
      return control ? requested + RunManifest.CONTROL_SUFFIX : requested;
    }

    public SettingsProfile profile() {
      return variant.profile();
    }

    /** The memory cap of its processes and their page cache, in bytes; 0 for none. */
    public long memory() {
      return variant.memoryBytes();
    }

    /** Its physical standby, streaming its WAL; a control has the base's. */
    public StandbyMode standby() {
      return variant.standby();
    }

    /** How fast it may read and write the disk holding its data. */
    public DiskLimit disk() {
      return variant.disk();
    }
  }

  /** One measured load: a cell on a server, in a round (from 1). */
  public record Load(Server server, Cell cell, int round) {}

  public Plan {
    servers = List.copyOf(servers);
    cells = List.copyOf(cells);
  }

  /** A plan whose servers start once. */
  public Plan(List<Server> servers, List<Cell> cells, int repeat, int warmup) {
    this(servers, cells, repeat, warmup, 0, null, null);
  }

  /** This plan with {@code rounds} measured rounds. */
  public Plan withRepeat(int rounds) {
    return new Plan(servers, cells, rounds, warmup, restartEvery, restartFrom, shard);
  }

  /**
   * With {@code restart: auto}, the rounds per start that the newest of {@code stored} (the
   * scenario's runs, newest first) found to reach a 3% detectable difference soonest on this
   * machine ({@link StartsDesign}), at least {@link Restarts#AUTO_EVERY}: a start of one round
   * measures no spread within a start, and the next run would have nothing to choose by. This plan
   * where none tells, or where its servers start once.
   */
  public Plan restartingAsStored(Scenario scenario, Supplier<List<StoredRun>> stored) {
    if (!scenario.restarts().auto() || restartEvery == 0) {
      return this; // the stored runs are not read
    }
    for (StoredRun run : stored.get()) {
      StartsDesign design = StartsDesign.of(run);
      StartVariance.Design fastest = design == null ? null : design.fastest();
      if (fastest != null) {
        int every = Math.max(Restarts.AUTO_EVERY, fastest.roundsPerStart());
        return new Plan(servers, cells, repeat, warmup, every, run.id(), shard);
      }
    }
    return this;
  }

  /** Whether every server is started afresh before round {@code round}. */
  public boolean restartsBefore(int round) {
    return restartEvery > 0 && round > 1 && (round - 1) % restartEvery == 0;
  }

  /** Each server's starts over {@code rounds} rounds. */
  public int starts(int rounds) {
    return restartEvery > 0 ? Math.max(1, (rounds + restartEvery - 1) / restartEvery) : 1;
  }

  /**
   * The plan of a scenario: a server per version and settings profile its cells use, plus, when the
   * run compares servers and the scenario does not say {@code control: false}, a control instance
   * of the base server.
   *
   * @param base the version (or label) the others are compared with; null for the first
   */
  public static Plan of(Scenario scenario, String base) {
    return of(scenario, base, null);
  }

  /**
   * As {@link #of(Scenario, String)}, keeping only {@code shard}'s part of the server starts (all
   * of them when null). Each shard has its own control, so that its comparisons stand alone on its
   * machine: the base server's twin when the shard holds the base server, else its first server's.
   * A shard of a single server gets one too when the whole plan would have one: it then measures
   * what that machine's drift alone does, the yardstick of every comparison across machines.
   */
  public static Plan of(Scenario scenario, String base, Shard shard) {
    // each settings profile, memory cap, standby and disk limit the cells use is a server start
    List<Server> kinds = scenario.cells().stream().map(Plan::kind).distinct().toList();
    List<Server> servers = new ArrayList<>();
    for (String version : scenario.servers().versions()) {
      for (Server kind : kinds) {
        servers.add(kind.on(version));
      }
    }
    boolean control = scenario.control() && servers.size() > 1;
    Server baseServer =
        servers.stream()
            .filter(s -> base == null || s.requested().equals(base))
            .findFirst()
            .orElse(servers.get(0));
    if (shard != null) {
      servers = new ArrayList<>(shard.part(servers));
      baseServer = servers.contains(baseServer) ? baseServer : servers.get(0);
    }
    if (control) {
      servers.add(baseServer.control(true));
    }
    int restartEvery =
        scenario.restarts().every(servers.size(), scenario.servers(), scenario.measure());
    return new Plan(
        servers, scenario.cells(), scenario.repeat(), scenario.warmup(), restartEvery, null, shard);
  }

  /**
   * The version {@code base} the report compares with, as this plan can: a shard that does not
   * hold it compares with its first server, whose twin is its control.
   */
  public String base(String base) {
    boolean held = servers.stream().anyMatch(s -> !s.control() && s.requested().equals(base));
    return shard == null || held ? base : servers.get(0).requested();
  }

  /**
   * Whether some claim of the scenario sets loads of two different servers against each other: two
   * versions, or cells of two settings profiles, memory caps, standbys or disk limits. Only such a
   * claim is guarded by the control, the A/A twin of the base server; a claim between cells of one
   * server is paired within that server's rounds and never reads the control.
   */
  public static boolean claimsCompareServers(Scenario scenario) {
    Map<String, Server> kindOf = new LinkedHashMap<>();
    scenario.cells().forEach(c -> kindOf.put(c.label(), kind(c)));
    return scenario.claims().stream()
        .anyMatch(
            c ->
                !Objects.equals(c.subject().version(), c.reference().version())
                    || !Objects.equals(
                        kindOf.get(c.subject().cell()), kindOf.get(c.reference().cell())));
  }

  /** The server start a cell needs, on no version yet. */
  private static Server kind(Cell cell) {
    return new Server("", cell.variant().server(), false);
  }

  /** The cells a server loads: those of its settings profile, memory cap and standby. */
  public List<Cell> cells(Server server) {
    Server kind = server.on("").control(false);
    return cells.stream().filter(c -> kind(c).equals(kind)).toList();
  }

  /** Whether any server of the plan has a standby. */
  public boolean standbys() {
    return servers.stream().anyMatch(s -> s.standby() != StandbyMode.NONE);
  }

  /** Whether any server of the plan has its disk limited. */
  public boolean throttled() {
    return servers.stream().anyMatch(s -> !s.disk().isNone());
  }

  /** Whether any server of the plan is capped. */
  public boolean capped() {
    return servers.stream().anyMatch(s -> s.memory() > 0);
  }

  /**
   * The loads of round {@code round} (from 1): cells rotated by the round, and for each its
   * servers, rotated by the round too.
   */
  public List<Load> round(int round) {
    List<Load> loads = new ArrayList<>();
    for (Cell cell : Rounds.order(cells, round)) {
      List<Server> loading = servers.stream().filter(s -> cells(s).contains(cell)).toList();
      for (Server server : Rounds.order(loading, round)) {
        loads.add(new Load(server, cell, round));
      }
    }
    return loads;
  }

  /** Measured loads over all rounds. */
  public int measuredLoads() {
    return servers.stream().mapToInt(s -> cells(s).size()).sum() * repeat;
  }

  /** Warm-up loads over all servers and all their starts. */
  public int warmupLoads() {
    return servers.size() * warmup * starts(repeat);
  }

  /** Whether the run compares servers with a control of its base among them. */
  public boolean hasControl() {
    return servers.stream().anyMatch(Server::control);
  }
}
