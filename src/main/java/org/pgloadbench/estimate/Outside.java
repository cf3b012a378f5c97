package org.pgloadbench.estimate;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Optional;
import org.pgloadbench.results.OutsideSteps;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.results.Sample;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.results.StoredRun;

/**
 * The time a stored run spent outside its measured steps: a server's start, and each load's set-up
 * (its fresh tables and a checkpoint, the connections, what is read of the server around each step,
 * and whatever else lies between two loads). Neither grows with the rows.
 *
 * @param run the run's id
 * @param startSeconds one start of one server
 * @param setupSeconds one load's time outside its steps
 * @param recorded whether the run timed its starts and set-ups apart (run.json's {@code
 *     outside_steps}); an older run only tells the time its span leaves beside its steps and
 *     warm-ups, which is then spread evenly over its server starts and loads
 */
public record Outside(String run, double startSeconds, double setupSeconds, boolean recorded) {
  /** No stored run tells the time outside the steps. */
  public static final Outside NONE = new Outside("", 0, 0, false);

  /** What {@code run} tells; empty when it tells nothing (an older run resumed, without a span). */
  static Optional<Outside> of(StoredRun run) {
    RunManifest manifest = run.manifest();
    Double span = span(manifest);
    double steps = StepResult.seconds(run.measured());
    if (!manifest.outsideSteps().isEmpty()) {
      List<OutsideSteps> servers = List.copyOf(manifest.outsideSteps().values());
      double starts = servers.stream().mapToDouble(OutsideSteps::startSeconds).sum();
      // every start of every server (a run of an older harness recorded no count: one each)
      long started =
          servers.stream()
              .mapToLong(s -> s.starts() > 0 ? s.starts() : s.startSeconds() > 0 ? 1 : 0)
              .sum();
      double warmups = servers.stream().mapToDouble(OutsideSteps::warmupSeconds).sum();
      double setups = servers.stream().mapToDouble(OutsideSteps::loadSetupSeconds).sum();
      int loads = servers.stream().mapToInt(OutsideSteps::loads).sum();
      if (loads == 0) {
        return Optional.empty();
      }
      // what the span holds beyond (between loads: results written, a repeat: auto look)
      double between = span == null ? 0 : Math.max(0, span - steps - starts - warmups - setups);
      return Optional.of(
          new Outside(
              run.id(), started == 0 ? 0 : starts / started, (setups + between) / loads, true));
    }
    if (span == null) {
      return Optional.empty();
    }
    int warmup = manifest.scenario().warmup() == null ? 0 : manifest.scenario().warmup();
    double warmups = 0;
    List<String> servers = run.versions();
    for (String server : servers) {
      List<String> cells = run.cells(server);
      if (!cells.isEmpty()) {
        warmups += warmup * mean(run.total(server, cells.get(0)));
      }
    }
    int units = servers.size() + run.loads() + warmup * servers.size();
    double each = Math.max(0, span - steps - warmups) / Math.max(1, units);
    return Optional.of(new Outside(run.id(), each, each, false));
  }

  /**
   * Seconds from the run's start to its end; null for a resumed run, whose span holds the pause.
   */
  private static Double span(RunManifest manifest) {
    RunManifest.Machine machine = manifest.environment();
    if (machine.started() == null || machine.ended() == null || !machine.resumed().isEmpty()) {
      return null;
    }
    try {
      return Duration.between(Instant.parse(machine.started()), Instant.parse(machine.ended()))
              .toMillis()
          / 1000.0;
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  private static double mean(Sample sample) {
    return sample.values().stream().mapToDouble(Double::doubleValue).average().orElse(0);
  }
}
