package org.pgloadbench.group;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.pgloadbench.results.ResultStore;

/**
 * The runs of a group under results directories: each given directory a run, a scenario's runs
 * ({@code results/<scenario>}), a whole {@code results/}, or a tree of them (the artifacts of a CI
 * job, one {@code results/} per shard).
 */
public record ResultsDirs(List<Path> roots) implements GroupRuns {
  /** Deep enough for artifacts/shard-1/results/scenario/run-id/run.json. */
  private static final int DEPTH = 6;

  public ResultsDirs {
    roots = List.copyOf(roots);
  }

  @Override
  public List<Path> find(String id) throws IOException {
    List<Path> found = new ArrayList<>();
    for (Path root : roots) {
      try (Stream<Path> files = Files.walk(root, DEPTH)) {
        for (Path file : files.filter(f -> f.endsWith(ResultStore.RUN)).sorted().toList()) {
          Path run = file.getParent();
          if (id.equals(ResultStore.readRun(run).group()) && !found.contains(run.normalize())) {
            found.add(run.normalize());
          }
        }
      }
    }
    return found;
  }

  @Override
  public String where() {
    return roots.stream().map(Path::toString).collect(Collectors.joining(" "));
  }
}
