package org.pgloadbench.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.pgloadbench.dataset.Dataset;
import org.pgloadbench.dataset.Dataset.Table;
import org.pgloadbench.recipe.Recipe;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.results.ServerRun;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.scenario.Cell;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.scenario.ScenarioException;

/**
 * What an interrupted run already holds, so that resuming it runs only the rest: a repetition of a
 * cell on a server is done when all its steps are stored, or it stored a failure (it ran to its
 * end). A run is resumed only with the scenario and the overrides it was started with.
 */
public final class Resume {
  /** A new run: nothing is done yet. */
  public static final Resume NONE =
      new Resume(RunManifest.NONE, List.of(), Map.of(), Map.of(), Set.of());

  private final RunManifest stored;
  private final List<StepResult> steps;

  /** The server version each requested version (or build label) ran as. */
  private final Map<String, String> versions;

  /** Per server version, the steps its role may not run (never stored). */
  private final Map<String, Set<String>> notAllowed;

  private final Set<String> done;

  private Resume(
      RunManifest stored,
      List<StepResult> steps,
      Map<String, String> versions,
      Map<String, Set<String>> notAllowed,
      Set<String> done) {
    this.stored = stored;
    this.steps = steps;
    this.versions = versions;
    this.notAllowed = notAllowed;
    this.done = done;
  }

  /**
   * Reads a stored run to resume it with {@code scenario}; refuses, in one line, a directory that
   * holds no run or one made with another scenario or other overrides.
   */
  public static Resume of(Path runDir, Scenario scenario, Consumer<String> warn)
      throws ScenarioException, IOException {
    if (!Files.isRegularFile(runDir.resolve(ResultStore.RUN))
        || !Files.isRegularFile(runDir.resolve(ResultStore.STEPS))) {
      throw new ScenarioException(
          "RESUME="
              + runDir
              + ": holds no stored run; give a directory results/<scenario>/<run-id>");
    }
    RunManifest stored = ResultStore.readRun(runDir);
    // Through text, so that numbers compare as read back (150000 is an int either way).
    ObjectMapper json = new ObjectMapper();
    JsonNode then = json.readTree(json.writeValueAsString(stored.scenario()));
    JsonNode now = json.readTree(json.writeValueAsString(RunRecord.resolved(scenario)));
    for (String key : (Iterable<String>) now::fieldNames) {
      if (key.equals("source") || key.equals("description")) {
        continue;
      }
      if (!now.get(key).equals(then.get(key))) {
        throw new ScenarioException(
            ("RESUME=%s: the stored run has %s %s, this one %s; resume with the scenario and the"
                    + " overrides (PG, SCALE, REPEAT, WARMUP, TARGET) it was started with")
                .formatted(runDir, key, then.get(key), now.get(key)));
      }
    }
    Map<String, String> versions = new HashMap<>();
    Map<String, Set<String>> notAllowed = new HashMap<>();
    for (ServerRun server : stored.servers()) {
      if (server.requested() != null && server.version() != null) {
        versions.put(server.requested(), server.version());
        notAllowed
            .computeIfAbsent(server.version(), v -> new HashSet<>())
            .addAll(server.stepsNotAllowed());
      }
    }
    return new Resume(stored, ResultStore.readSteps(runDir, warn), versions, notAllowed, Set.of());
  }

  /** This stored run, knowing which repetitions are complete for the dataset's tables and steps. */
  Resume against(Scenario scenario, Dataset dataset) {
    return stored == RunManifest.NONE
        ? this
        : new Resume(stored, steps, versions, notAllowed, doneRepetitions(scenario, dataset));
  }

  /**
   * The repetitions stored with all their steps (less those the server's role may not run, which
   * are never stored), or ending in a failure.
   */
  private Set<String> doneRepetitions(Scenario scenario, Dataset dataset) {
    Map<String, Integer> expected = new HashMap<>();
    Map<String, Integer> counted = new HashMap<>();
    Set<String> done = new HashSet<>();
    for (StepResult step : steps) {
      Set<String> skipped = notAllowed.getOrDefault(step.server(), Set.of());
      int all =
          expected.computeIfAbsent(
              step.server() + "\u0000" + step.cell(),
              k -> expectedSteps(scenario, dataset, step.cell(), skipped));
      String key = key(step.server(), step.cell(), step.repetition());
      int count = counted.merge(key, 1, Integer::sum);
      if (!step.ok() || count == all) {
        done.add(key);
      }
    }
    return done;
  }

  private static int expectedSteps(
      Scenario scenario, Dataset dataset, String label, Set<String> skipped) {
    for (Cell cell : scenario.cells()) {
      if (cell.label().equals(label)) {
        int steps = 0;
        for (Table table : dataset.tables(cell.variant())) {
          steps +=
              (int)
                  Recipe.of(scenario.steps(), cell.variant(), table.def()).stream()
                      .filter(s -> !skipped.contains(s.kind().yamlName()))
                      .count();
        }
        return steps;
      }
    }
    return -1;
  }

  RunManifest stored() {
    return stored;
  }

  boolean done(String version, String cell, int repetition) {
    return done.contains(key(version, cell, repetition));
  }

  /** Whether every repetition of every cell is done on the server started for {@code requested}. */
  boolean done(String requested, List<Cell> cells, int repeat) {
    String version = versions.get(requested);
    return version != null && doneOn(version, cells, repeat) == cells.size() * repeat;
  }

  /** Repetitions done on a server, to say how many were skipped. */
  int doneOn(String version, List<Cell> cells, int repeat) {
    int n = 0;
    for (int repetition = 1; repetition <= repeat; repetition++) {
      for (Cell cell : cells) {
        n += done(version, cell.label(), repetition) ? 1 : 0;
      }
    }
    return n;
  }

  private static String key(String version, String cell, int repetition) {
    return version + "\u0000" + cell + "\u0000" + repetition;
  }
}
