package org.pgloadbench.history;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.results.Machines;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.results.Sample;
import org.pgloadbench.results.ServerRun;
import org.pgloadbench.results.StoredRun;

/**
 * The runs under {@code results/<scenario>/<run-id>/}, each read back as reports read it ({@link
 * StoredRun}): a step's figure is {@link StoredRun#seconds} over every table, a cell's total {@link
 * StoredRun#total}, each the median over the run's whole repetitions.
 */
public record ResultsDirectories(Path results) implements HistorySource {
  /** How run ids are written: when a run started, UTC. */
  private static final DateTimeFormatter RUN_ID = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

  @Override
  public List<String> scenarios() throws IOException {
    if (!Files.isDirectory(results)) {
      return List.of();
    }
    try (Stream<Path> dirs = Files.list(results)) {
      return dirs.filter(dir -> !runs(dir).isEmpty())
          .map(dir -> dir.getFileName().toString())
          .sorted()
          .toList();
    }
  }

  @Override
  public List<HistoryPoint> points(String scenario) throws IOException {
    List<HistoryPoint> points = new ArrayList<>();
    for (Path dir : runs(results.resolve(scenario))) {
      StoredRun run = StoredRun.load(dir, warning -> {});
      String machine = run.manifest().environment().fingerprint();
      HistoryPoint.Run which = new HistoryPoint.Run(run.id(), run.id(), started(run));
      for (String server : run.versions()) {
        if (server.endsWith(RunManifest.CONTROL_SUFFIX)) {
          continue;
        }
        Map<String, String> context = context(run.manifest(), server);
        for (String cell : run.cells(server)) {
          for (StepKind step : run.steps(server, cell)) {
            Sample sample = run.seconds(server, cell, run.tables(server), List.of(step));
            add(
                points,
                new Series.Key(machine, server, cell, step.yamlName()),
                which,
                sample,
                context);
          }
          Series.Key total = new Series.Key(machine, server, cell, HistoryPoint.TOTAL);
          add(points, total, which, run.total(server, cell), context);
        }
      }
    }
    return points;
  }

  @Override
  public String where() {
    return results.toString();
  }

  private static void add(
      List<HistoryPoint> points,
      Series.Key key,
      HistoryPoint.Run run,
      Sample sample,
      Map<String, String> context) {
    if (!sample.isEmpty()) {
      points.add(new HistoryPoint(key, run, sample.median(), context));
    }
  }

  private static Map<String, String> context(RunManifest manifest, String server) {
    RunManifest.Machine env = manifest.environment();
    ServerRun ran = manifest.servers(server).stream().findFirst().orElse(null);
    String postgres =
        ran == null
            ? null
            : ran.detail("version_string").isEmpty() ? ran.version() : ran.detail("version_string");
    return HistoryPoint.context(
        postgres,
        env.harnessRevision(),
        env.java(),
        Machines.describe(env.cpuModel(), env.cpus(), env.memoryBytes(), env.os()),
        ran == null ? Map.of() : ran.settings());
  }

  /** When the run started, from run.json, else from its id (its start time). */
  private static Instant started(StoredRun run) {
    String started = run.manifest().environment().started();
    try {
      if (started != null) {
        return Instant.parse(started);
      }
      String id = run.id();
      return LocalDateTime.parse(id.substring(0, Math.min(15, id.length())), RUN_ID)
          .toInstant(ZoneOffset.UTC);
    } catch (DateTimeParseException e) {
      return Instant.EPOCH; // ordered first, then by id
    }
  }

  /** The run directories under a scenario's, in name order. */
  private static List<Path> runs(Path scenario) {
    if (!Files.isDirectory(scenario)) {
      return List.of();
    }
    try (Stream<Path> dirs = Files.list(scenario)) {
      return dirs.filter(dir -> Files.isRegularFile(dir.resolve(ResultStore.STEPS)))
          .sorted()
          .toList();
    } catch (IOException e) {
      return List.of();
    }
  }
}
