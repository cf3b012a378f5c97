package org.pgloadbench.group;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.results.StoredRun;
import org.pgloadbench.scenario.ScenarioException;

/**
 * The shards of one plan, joined: every shard once, all of one scenario resolved alike. A group
 * with a shard missing is refused rather than reported in part: its report would pass over the
 * missing servers without a word in any of its comparisons.
 *
 * <p>Its shards are read from results directories: each given directory a run, a scenario's runs
 * ({@code results/<scenario>}), a whole {@code results/}, or a tree of them (the artifacts of a CI
 * job, one {@code results/} per shard).
 *
 * @param shards in shard order
 */
public record Group(String id, List<Member> shards) {
  /** Deep enough for artifacts/shard-1/results/scenario/run-id/run.json. */
  private static final int DEPTH = 6;

  /** One shard's run, where it is stored. */
  public record Member(Path dir, StoredRun run) {
    public int index() {
      return run.manifest().shard();
    }

    public int count() {
      return run.manifest().shards();
    }

    /** As a message names it: its shard and directory. */
    String named() {
      return "shard " + index() + "/" + count() + " (" + dir + ")";
    }
  }

  public Group {
    shards = List.copyOf(shards);
  }

  /** The scenario's name, as its shards ran it. */
  public String scenario() {
    return shards.get(0).run().scenarioName();
  }

  /** Reads group {@code id} from under {@code roots}; refuses, in one line, a group not whole. */
  public static Group join(String id, List<Path> roots) throws IOException, ScenarioException {
    String group = "GROUP=" + id + ": ";
    String where = roots.stream().map(Path::toString).collect(Collectors.joining(" "));
    List<Member> found = new ArrayList<>();
    for (Path dir : find(id, roots)) {
      found.add(new Member(dir, StoredRun.load(dir)));
    }
    if (found.isEmpty()) {
      throw new ScenarioException(
          group
              + "no run of this group under "
              + where
              + "; give RUNS= the results directories its shards wrote (run.json's \"group\")");
    }
    found.sort(Comparator.comparing(Member::index));
    Member first = found.get(0);
    for (Member shard : found) {
      if (shard.count() != first.count()) {
        throw new ScenarioException(
            group + shard.named() + " and " + first.named() + " split the plan differently");
      }
      String differs = differs(first.run().manifest(), shard.run().manifest());
      if (differs != null) {
        throw new ScenarioException(
            ("%s%s ran %s than %s; a group is the shards of one plan, one scenario with the same"
                    + " overrides")
                .formatted(group, shard.named(), differs, first.named()));
      }
    }
    for (int i = 1; i < found.size(); i++) {
      if (found.get(i).index() == found.get(i - 1).index()) {
        throw new ScenarioException(
            ("%s%s is there twice, also in %s; keep one of them under RUNS=, or give each run of"
                    + " the plan a GROUP= of its own")
                .formatted(group, found.get(i - 1).named(), found.get(i).dir()));
      }
    }
    List<Integer> missing =
        IntStream.rangeClosed(1, first.count())
            .filter(i -> found.stream().noneMatch(m -> m.index() == i))
            .boxed()
            .toList();
    if (!missing.isEmpty()) {
      int count = first.count();
      throw new ScenarioException(
          "%sshard %s missing under %s; run it (SHARD=%s/%s GROUP=%s) or add its results to RUNS="
              .formatted(
                  group,
                  String.join(", ", missing.stream().map(i -> i + "/" + count).toList()),
                  where,
                  missing.get(0),
                  count,
                  id));
    }
    return new Group(id, found);
  }

  /** Every stored run under {@code roots} whose run.json names group {@code id}, each once. */
  private static List<Path> find(String id, List<Path> roots) throws IOException {
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

  /**
   * How {@code other}'s scenario differs from {@code first}'s, in words (its name, or the first
   * field resolved differently), or null when it does not; the file's path may differ.
   */
  private static String differs(RunManifest first, RunManifest other) {
    ObjectMapper json = new ObjectMapper();
    ObjectNode a = json.valueToTree(first.scenario());
    ObjectNode b = json.valueToTree(other.scenario());
    if (!a.path("name").equals(b.path("name"))) {
      return "another scenario, " + b.path("name").asText() + ",";
    }
    a.remove("source");
    b.remove("source");
    Set<String> keys = new LinkedHashSet<>();
    a.fieldNames().forEachRemaining(keys::add);
    b.fieldNames().forEachRemaining(keys::add);
    for (String key : keys) {
      if (!a.path(key).equals(b.path(key))) {
        return "scenario " + b.path("name").asText() + " with another " + key;
      }
    }
    return null;
  }
}
