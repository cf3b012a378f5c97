package org.pgloadbench.publish;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.results.StepKey;
import org.pgloadbench.results.StepResult;

/**
 * Test helper: a run of any number of steps, written by the real {@link ResultStore} in the stored
 * format, made of a real stored run's steps repeated as further rounds.
 */
final class SyntheticRuns {
  static final Path STORED = Path.of("src/test/resources/org/pgloadbench/stored/results");
  static final Path WAYS = STORED.resolve("ways-binary-freeze/20261130-195035");

  private SyntheticRuns() {}

  /** {@code results/<scenario>/<runId>} under {@code results}, of {@code steps} steps. */
  static Path write(Path results, String runId, int steps) throws IOException {
    return write(results, runId, steps, null, null, null);
  }

  /** {@link #write}, as shard {@code shard} of {@code shards} of the group {@code group}. */
  static Path write(
      Path results, String runId, int steps, String group, Integer shard, Integer shards)
      throws IOException {
    RunManifest m = ResultStore.readRun(WAYS);
    List<StepResult> real = ResultStore.readSteps(WAYS);
    int rounds = real.stream().mapToInt(StepResult::repetition).max().orElseThrow();
    Path dir = results.resolve(m.scenario().name()).resolve(runId);
    try (ResultStore store = ResultStore.create(dir, m.scenario().axes())) {
      store.writeRun(
          new RunManifest(
              runId,
              m.scenario(),
              m.environment(),
              m.servers(),
              m.datasetShape(),
              m.schedule(),
              m.rounds(),
              m.outsideSteps(),
              m.startRounds(),
              group,
              shard,
              shards));
      for (int i = 0; i < steps; i++) {
        StepResult s = real.get(i % real.size());
        StepKey k = s.key();
        int repetition = k.repetition() + rounds * (i / real.size());
        store.append(
            new StepResult(
                runId,
                s.scenario(),
                new StepKey(k.server(), k.cell(), repetition, k.table(), k.step(), k.object()),
                s.axes(),
                s.status(),
                s.measured(),
                s.error()));
      }
    }
    return dir;
  }
}
