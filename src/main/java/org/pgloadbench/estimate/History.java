package org.pgloadbench.estimate;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.results.StoredRun;
import org.pgloadbench.scenario.Scenario;

/**
 * The stored runs a scenario's time can be estimated from: those of the same scenario (by name,
 * under {@code results/<scenario>/}) that loaded the same dataset, its rows aside (another scale),
 * with the same steps. Newest first: run ids are their start times.
 *
 * @param runs the comparable runs, newest first
 * @param none why there are none, as {@code plan} says it; null when there are some
 */
public record History(List<StoredRun> runs, String none) {
  private static final ObjectMapper SORTED =
      new ObjectMapper().configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);

  public History {
    runs = List.copyOf(runs);
  }

  /**
   * {@link #of}, read once when first asked for: a bench asks it for the rounds per start of
   * {@code restart: auto} and for its estimate, and reading every stored run is the costly part.
   */
  public static Supplier<History> lazily(Path results, Scenario scenario) {
    return new Supplier<>() {
      private History read;

      @Override
      public synchronized History get() {
        if (read == null) {
          read = of(results, scenario);
        }
        return read;
      }
    };
  }

  /** The runs of {@code scenario} under {@code results}; a run that cannot be read is left out. */
  public static History of(Path results, Scenario scenario) {
    Path dir = results.resolve(scenario.name());
    List<StoredRun> stored = new ArrayList<>();
    if (Files.isDirectory(dir)) {
      try (Stream<Path> runs = Files.list(dir)) {
        for (Path run : runs.sorted(Comparator.reverseOrder()).toList()) {
          if (Files.isRegularFile(run.resolve(ResultStore.STEPS))) {
            try {
              stored.add(StoredRun.load(run, warning -> {}));
            } catch (IOException e) {
              // a run this harness cannot read tells nothing about the time of the next
            }
          }
        }
      } catch (IOException e) {
        // as if there were none: the message says where it looked
      }
    }
    return of(stored, scenario, dir.toString());
  }

  /**
   * The comparable runs among {@code stored} (newest first); {@code where} they were looked for.
   */
  static History of(List<StoredRun> stored, Scenario scenario, String where) {
    if (stored.isEmpty()) {
      return new History(
          List.of(), "no stored run of " + scenario.name() + " in " + where + " to estimate from");
    }
    String dataset = withoutRows(scenario.dataset().json());
    List<StoredRun> comparable = new ArrayList<>();
    int otherData = 0;
    int otherSteps = 0;
    for (StoredRun run : stored) {
      RunManifest.Resolved resolved = run.manifest().scenario();
      boolean sameData = dataset.equals(withoutRows(resolved.dataset()));
      boolean sameSteps = scenario.steps().equals(resolved.steps());
      otherData += sameData ? 0 : 1;
      otherSteps += sameSteps ? 0 : 1;
      if (sameData && sameSteps && run.measured().stream().anyMatch(s -> s.ok())) {
        comparable.add(run);
      }
    }
    if (!comparable.isEmpty()) {
      return new History(comparable, null);
    }
    return new History(
        List.of(),
        String.format(
            Locale.ROOT,
            "%d stored run(s) of %s in %s, none to estimate from: %d of another dataset (its rows"
                + " aside), %d with other steps, the rest without a measured step",
            stored.size(),
            scenario.name(),
            where,
            otherData,
            otherSteps));
  }

  /** A dataset as run.json records it, its rows left out, in one text whatever its key order. */
  private static String withoutRows(Map<String, Object> dataset) {
    Map<String, Object> kept = new LinkedHashMap<>(dataset);
    kept.remove("rows");
    try {
      return SORTED.writeValueAsString(kept);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a dataset's record is plain JSON", e);
    }
  }
}
