package org.pgloadbench.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.scenario.Claim;
import org.pgloadbench.server.Environment;

/**
 * What {@code run.json} holds: the scenario as it was resolved for the run, the machine, and each
 * server as it ran. {@link ResultStore} writes and reads it, and nothing else reads run.json. A run
 * stored by an older harness may lack any field: lists and maps are then empty, the rest null.
 *
 * @param datasetShape a PBF file's data shape beside the generator's (see {@code DataShape}), or
 *     empty
 * @param schedule {@link #ROUNDS} when every server ran every round (a load of one cell on two
 *     servers in the same round makes a pair); null for a run of an older harness, which ran its
 *     servers one after another
 * @param rounds how the number of rounds was decided, for a run that went on until its answer was
 *     sure ({@code repeat: auto}) or raced its cells ({@code recommend}); null for a fixed number
 *     of rounds
 * @param outsideSteps per server (by its label in results), the time the run spent on it outside
 *     the measured steps: its start, its warm-ups, each load's fresh tables; what {@code plan}
 *     estimates a next run's time with. Empty for a run of an older harness
 * @param startRounds the rounds before which every server was started afresh ({@code restart:}),
 *     ascending; empty for a run whose servers were started once (and every run of an older
 *     harness)
 * @param group the id the shards of one plan share ({@code SHARD=}, {@code GROUP=}); null, and
 *     left out of run.json with {@code shard} and {@code shards}, for a run of the whole plan
 * @param shard which part of the plan's server starts the run ran, from 1
 * @param shards into how many parts the plan was split
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@RunJson
public record RunManifest(
    String runId,
    Resolved scenario,
    Machine environment,
    List<ServerRun> servers,
    Map<String, Object> datasetShape,
    String schedule,
    Rounds rounds,
    Map<String, OutsideSteps> outsideSteps,
    List<Integer> startRounds,
    String group,
    Integer shard,
    Integer shards) {

  /** What results call a control server (a second instance of the base): its label and this. */
  public static final String CONTROL_SUFFIX = "-control";

  /** Every server of the run up before the first round; every round on every server. */
  public static final String ROUNDS = "rounds";

  /** The manifest of a run directory without run.json. */
  public static final RunManifest NONE =
      new RunManifest(null, null, null, null, null, null, null, null, null, null, null, null);

  public RunManifest {
    scenario = scenario == null ? Resolved.NONE : scenario;
    environment = environment == null ? Machine.NONE : environment;
    servers = servers == null ? List.of() : List.copyOf(servers);
    datasetShape = datasetShape == null ? Map.of() : datasetShape;
    outsideSteps =
        outsideSteps == null
            ? Map.of()
            : Collections.unmodifiableMap(new LinkedHashMap<>(outsideSteps));
    startRounds = startRounds == null ? List.of() : List.copyOf(startRounds);
  }

  /** Which start each round fell in ({@link #startRounds}). */
  public Starts starts() {
    return new Starts(startRounds);
  }

  /**
   * The starts two samples (each a label in results and a cell) are compared over: the run's, when
   * they ran on two server starts (two labels, or cells of two settings profiles, memory caps,
   * standbys or disk limits); {@link Starts#ONE} when on the same one, whose rounds pair alone.
   */
  public Starts startsBetween(String label, String cell, String otherLabel, String otherCell) {
    boolean sameServer =
        label.equals(otherLabel) && serverKind(cell).equals(serverKind(otherCell));
    return sameServer ? Starts.ONE : starts();
  }

  private List<Object> serverKind(String cell) {
    return scenario.cells().stream()
        .filter(c -> c.label().equals(cell))
        .findFirst()
        .<List<Object>>map(
            c -> Arrays.asList(c.profile(), c.memoryCapBytes(), c.standby(), c.disk()))
        .orElse(List.of());
  }

  /** Whether loads of the same round pair up across servers and cells (see {@link #schedule}). */
  public boolean paired() {
    return ROUNDS.equals(schedule);
  }

  /** The servers of one version (or build label), as results name it. */
  public List<ServerRun> servers(String version) {
    return servers.stream().filter(s -> version.equals(s.version())).toList();
  }

  /**
   * The scenario as the run resolved it (overrides applied).
   *
   * @param source the scenario file as given on the command line
   * @param dataset the dataset as its spec records itself: kind, tables, rows, seed or file, the
   *     kind's own options
   * @param servers where the servers came from, as the scenario and the command line said
   * @param axes the matrix axes, in order
   * @param baseline the cell the scenario names as its baseline ({@code baseline:}), or null for
   *     the default one (every axis at its default, else the first)
   * @param findings what earlier runs of the harness found ({@code findings:}), in words; left out
   *     of run.json when there are none
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @RunJson
  public record Resolved(
      String name,
      String description,
      String source,
      Map<String, Object> dataset,
      Targets servers,
      Map<String, String> settings,
      Integer repeat,
      Integer warmup,
      List<String> axes,
      List<CellRun> cells,
      List<StepKind> steps,
      List<Claim> claims,
      String baseline,
      @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> findings) {
    static final Resolved NONE =
        new Resolved(
            null, null, null, null, null, null, null, null, null, null, null, null, null, null);

    public Resolved {
      findings = findings == null ? List.of() : findings;
      dataset = dataset == null ? Map.of() : dataset;
      settings = settings == null ? Map.of() : settings;
      axes = axes == null ? List.of() : axes;
      cells = cells == null ? List.of() : cells;
      steps = steps == null ? List.of() : steps;
      claims = claims == null ? List.of() : claims;
    }

    /** The dataset's kind ({@code osm-synthetic}, {@code pgbench}, ...), or empty. */
    public String datasetKind() {
      return dataset.get("kind") instanceof String kind ? kind : "";
    }

    /** The PBF file's name an osm-pbf dataset loaded, or empty. */
    public String datasetFile() {
      return dataset.get("file") instanceof String file ? file : "";
    }

    /** Rows per table as the dataset gave them, in load order. */
    public Map<String, Long> datasetRows() {
      Map<String, Long> rows = new LinkedHashMap<>();
      if (dataset.get("rows") instanceof Map<?, ?> map) {
        map.forEach((table, n) -> rows.put(table.toString(), ((Number) n).longValue()));
      }
      return rows;
    }
  }

  /**
   * How a run decided how many rounds to run.
   *
   * @param rule {@link #AUTO} or {@link #RACE}
   * @param precision the relative half-width of a ratio's 95% interval that settles a comparison
   * @param budgetSeconds the time the rounds could take, over all servers
   * @param minimum the rounds run before the first look
   * @param run the rounds run
   * @param stopped why the run stopped adding rounds, as the report says it
   * @param left in a race, each cell that left it and the round after which it did
   */
  @JsonInclude(JsonInclude.Include.NON_EMPTY)
  @RunJson
  public record Rounds(
      String rule,
      Double precision,
      Long budgetSeconds,
      Integer minimum,
      Integer run,
      String stopped,
      Map<String, Integer> left) {
    public static final String AUTO = "auto";
    public static final String RACE = "race";

    public Rounds {
      left = left == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(left));
    }

    public boolean race() {
      return RACE.equals(rule);
    }
  }

  /** The scenario's {@code servers}, resolved. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @RunJson
  public record Targets(
      String target,
      List<String> versions,
      String image,
      @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> builds,
      String url) {}

  /**
   * A cell as the run labelled it, with its axis values and settings profile.
   *
   * @param memoryCapBytes the memory cap of the server it ran on, or null for none
   * @param standby the standby of the server it ran on ({@code async}, {@code sync}), or null for
   *     none
   * @param disk the disk limit of the server it ran on, as written ({@code gp3}, {@code
   *     write=30MB/s}), or null for none
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @RunJson
  public record CellRun(
      String label,
      Map<String, String> axes,
      String profile,
      Long memoryCapBytes,
      String standby,
      String disk) {
    /** A cell on servers without a memory cap, a standby or a disk limit. */
    public CellRun(String label, Map<String, String> axes, String profile) {
      this(label, axes, profile, null, null, null);
    }
  }

  /**
   * The machine and the run's time span.
   *
   * @param resumed when the run was resumed, each time
   */
  @JsonInclude(JsonInclude.Include.NON_EMPTY)
  @RunJson
  public record Machine(
      String cpuModel,
      Integer cpus,
      Long memoryBytes,
      String os,
      String java,
      String harnessRevision,
      String started,
      String ended,
      List<String> resumed) {
    static final Machine NONE = new Machine(null, null, null, null, null, null, null, null, null);

    /** The machine a run is on, and when it ran. */
    public static Machine of(
        Environment.Host host, String started, String ended, List<String> resumed) {
      return new Machine(
          host.cpuModel(),
          host.cpus(),
          host.memoryBytes(),
          host.os(),
          host.java(),
          host.harnessRevision(),
          started,
          ended,
          resumed);
    }

    public Machine {
      resumed = resumed == null ? List.of() : List.copyOf(resumed);
    }

    /**
     * The first 16 hex digits of SHA-256 of {@code cpu_model|cpus|memory_bytes|os} (an unknown one
     * empty): the results database's {@code machines.machine}, so that a machine's runs make one
     * series whether read from there or from its results directories.
     */
    public String fingerprint() {
      return Machines.sha256(cpuModel, cpus, memoryBytes, os).substring(0, 16);
    }
  }
}
