package org.pgloadbench.results;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.server.Versions;

/**
 * A run as it was stored ({@code run.json} and {@code steps.jsonl}), its steps indexed by server,
 * cell, table, step and repetition: what reports, claims, {@code compare} and the overhead commands
 * read of a run, and nothing else does.
 */
public final class StoredRun {
  /** {@code object} tells apart the results of one step on several objects, e.g. indexes. */
  private record Key(String version, String cell, String table, StepKind step, String object) {}

  private final Path dir;
  private final RunManifest run;
  private final List<StepResult> steps;
  private final List<StepResult> failures;
  private final Map<Key, Map<Integer, StepResult>> byKey = new LinkedHashMap<>();

  private StoredRun(Path dir, RunManifest run, List<StepResult> steps) {
    this.dir = dir;
    this.run = run;
    // Repetitions count from 1: a failure outside one (a server that did not start) is listed among
    // the failures, but is no measurement.
    this.steps = steps.stream().filter(s -> s.repetition() >= 1).toList();
    this.failures =
        steps.stream()
            .filter(s -> !s.ok())
            .sorted((a, b) -> Versions.compare(a.server(), b.server()))
            .toList();
    for (StepResult s : this.steps) {
      Key key = new Key(s.server(), s.cell(), s.table(), s.step(), s.object());
      byKey.computeIfAbsent(key, k -> new LinkedHashMap<>()).put(s.repetition(), s);
    }
  }

  /** Reads {@code steps.jsonl} and, if present, {@code run.json} of a run directory. */
  public static StoredRun load(Path runDir) throws IOException {
    return new StoredRun(runDir, ResultStore.readRun(runDir), ResultStore.readSteps(runDir));
  }

  /** {@link #load(Path)}, telling {@code warn} about a half-written last line. */
  public static StoredRun load(Path runDir, Consumer<String> warn) throws IOException {
    return new StoredRun(runDir, ResultStore.readRun(runDir), ResultStore.readSteps(runDir, warn));
  }

  /** The run's id: the name of its directory. */
  public String id() {
    return dir.toAbsolutePath().getFileName().toString();
  }

  /** A run held in memory: a runner's results so far, to decide whether to go on. */
  public static StoredRun of(Path dir, RunManifest run, List<StepResult> steps) {
    return new StoredRun(dir, run, steps);
  }

  /** This run as it stood after round {@code round}: its later repetitions left out. */
  public StoredRun upTo(int round) {
    List<StepResult> kept =
        new ArrayList<>(steps.stream().filter(s -> s.repetition() <= round).toList());
    failures.stream().filter(s -> s.repetition() < 1).forEach(kept::add);
    return new StoredRun(dir, run, kept);
  }

  /** The rounds stored: the highest repetition of any step. */
  public int rounds() {
    return steps.stream().mapToInt(StepResult::repetition).max().orElse(0);
  }

  /** The scenario's name from {@code run.json}, else the directory the run was stored under. */
  public String scenarioName() {
    String name = run.scenario().name();
    return name != null && !name.isBlank() ? name : scenarioDir();
  }

  /** {@code results/<scenario>/<run-id>}: where the report says it came from. */
  public String source() {
    return "results/" + scenarioDir() + "/" + dir.toAbsolutePath().getFileName();
  }

  private String scenarioDir() {
    Path parent = dir.toAbsolutePath().getParent();
    return parent == null || parent.getFileName() == null ? "" : parent.getFileName().toString();
  }

  /** The run's manifest; {@link RunManifest#NONE} when it stored none. */
  public RunManifest manifest() {
    return run;
  }

  /** The server versions measured, in numeric order. */
  public List<String> versions() {
    return steps.stream().map(StepResult::server).distinct().sorted(Versions.ORDER).toList();
  }

  /** The server the run's control is the twin of, which its report compares with; else null. */
  public String controlBase() {
    return versions().stream()
        .filter(v -> v.endsWith(RunManifest.CONTROL_SUFFIX))
        .map(v -> v.substring(0, v.length() - RunManifest.CONTROL_SUFFIX.length()))
        .findFirst()
        .orElse(null);
  }

  /** The cells measured on a version: in the scenario's order, then any others as measured. */
  public List<String> cells(String version) {
    List<String> scenarioOrder =
        run.scenario().cells().stream().map(RunManifest.CellRun::label).toList();
    return ordered(scenarioOrder, keysOf(version, Key::cell));
  }

  /**
   * The cells measured on any version, each once: the first version's in its order, then each next
   * version's new ones.
   */
  public List<String> cells() {
    Set<String> cells = new LinkedHashSet<>();
    versions().forEach(version -> cells.addAll(cells(version)));
    return List.copyOf(cells);
  }

  /** The tables measured on a version, in the order first measured. */
  public List<String> tables(String version) {
    return List.copyOf(keysOf(version, Key::table));
  }

  /** The steps measured on a version: in the scenario's order, then any others as measured. */
  public List<StepKind> steps(String version) {
    return ordered(run.scenario().steps(), keysOf(version, Key::step));
  }

  /** The steps measured for one cell, in {@link #steps(String)} order. */
  public List<StepKind> steps(String version, String cell) {
    Set<StepKind> measured = new LinkedHashSet<>();
    byKey.keySet().stream()
        .filter(k -> k.version().equals(version) && k.cell().equals(cell))
        .forEach(k -> measured.add(k.step()));
    return steps(version).stream().filter(measured::contains).toList();
  }

  /**
   * A server's seconds per round, the totals of {@code cellsRun} summed; rounds with all of them
   * only: what its control, its starts' spread and a comparison over every cell read.
   */
  public Map<Integer, Double> totalsPerRound(String version, List<String> cellsRun) {
    Map<Integer, Double> sums = new TreeMap<>();
    Map<Integer, Integer> cells = new TreeMap<>();
    for (String cell : cellsRun) {
      total(version, cell)
          .byRepetition()
          .forEach(
              (round, seconds) -> {
                sums.merge(round, seconds, Double::sum);
                cells.merge(round, 1, Integer::sum);
              });
    }
    int all = cellsRun.size();
    sums.keySet().removeIf(round -> cells.get(round) < all);
    return sums;
  }

  /** A cell's total on a version: every table and step it measured summed, per repetition. */
  public Sample total(String version, String cell) {
    return seconds(version, cell, tables(version), steps(version, cell));
  }

  /** The loads the run measured: one per server, cell and round with a stored step. */
  public int loads() {
    return (int)
        steps.stream().map(s -> List.of(s.server(), s.cell(), s.repetition())).distinct().count();
  }

  /** Seconds of the given steps summed over the given tables, per repetition. */
  public Sample seconds(
      String version, String cell, Collection<String> tables, Collection<StepKind> steps) {
    return sample(version, cell, tables, steps, Measurements::seconds);
  }

  /**
   * A measure summed over the given tables and steps, per repetition. A repetition counts only when
   * every (table, step) measured anywhere in the cell is there, ok and has the measure; summing
   * within a repetition first is what makes a median of sums rather than a sum of medians.
   */
  public Sample sample(
      String version,
      String cell,
      Collection<String> tables,
      Collection<StepKind> steps,
      Function<Measurements, ? extends Number> measure) {
    return sample(
        version, cell, k -> tables.contains(k.table()) && steps.contains(k.step()), measure);
  }

  /** A measure of one object (an index) of a step on one table, per repetition. */
  public Sample objectSample(
      String version,
      String cell,
      String table,
      StepKind step,
      String object,
      Function<Measurements, ? extends Number> measure) {
    return sample(
        version,
        cell,
        k -> k.table().equals(table) && k.step().equals(step) && object.equals(k.object()),
        measure);
  }

  /** The objects a step acted on in a table, in the order first measured; empty for none. */
  public List<String> objects(String version, String cell, String table, StepKind step) {
    return byKey.keySet().stream()
        .filter(k -> k.version().equals(version) && k.cell().equals(cell))
        .filter(k -> k.table().equals(table) && k.step().equals(step) && k.object() != null)
        .map(Key::object)
        .distinct()
        .toList();
  }

  private Sample sample(
      String version,
      String cell,
      Predicate<Key> parts,
      Function<Measurements, ? extends Number> measure) {
    List<StepResult> measured = new ArrayList<>();
    Set<Integer> repetitions = new HashSet<>(); // the cell's, whichever parts measured them
    byKey.forEach(
        (key, byRepetition) -> {
          if (key.version().equals(version) && key.cell().equals(cell)) {
            repetitions.addAll(byRepetition.keySet());
            if (parts.test(key)) {
              measured.addAll(byRepetition.values());
            }
          }
        });
    return new Sample(
        Repetitions.sums(measured, measure),
        repetitions.size(),
        measured.stream().anyMatch(r -> !r.ok()));
  }

  /** A cell's matrix axis values as stored with its steps (axis → value, in matrix order). */
  public Map<String, String> axes(String cell) {
    return steps.stream()
        .filter(s -> s.cell().equals(cell))
        .findFirst()
        .map(StepResult::axes)
        .orElse(Map.of());
  }

  /** Whether any table measured the step on this version. */
  public boolean hasStep(String version, StepKind step) {
    return keysOf(version, Key::step).contains(step);
  }

  /** Every step of a measured repetition, ok or failed, as stored. */
  public List<StepResult> measured() {
    return steps;
  }

  /** The failed steps, in version order and then as measured. */
  public List<StepResult> failures() {
    return failures;
  }

  private <T> Set<T> keysOf(String version, Function<Key, T> part) {
    return byKey.keySet().stream()
        .filter(key -> key.version().equals(version))
        .map(part)
        .collect(Collectors.toCollection(LinkedHashSet::new));
  }

  /** The measured names, those the scenario lists first and in its order. */
  private static <T> List<T> ordered(List<T> preferred, Set<T> measured) {
    Set<T> result = new LinkedHashSet<>();
    preferred.stream().filter(measured::contains).forEach(result::add);
    result.addAll(measured);
    return List.copyOf(result);
  }
}
