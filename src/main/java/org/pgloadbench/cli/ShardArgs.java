package org.pgloadbench.cli;

import org.pgloadbench.run.Shard;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.scenario.ScenarioException;
import picocli.CommandLine.Option;

/** A part of a plan to run on this machine, and the group of its parts (bench, plan). */
final class ShardArgs {
  @Option(
      names = "--shard",
      paramLabel = "i/n",
      description =
          "run only the i-th of n contiguous parts of the plan's server starts, each part with a"
              + " control of its own; the parts of one plan share a group id")
  String shard;

  @Option(
      names = "--group",
      paramLabel = "ID",
      description =
          "the group id of the shards, one per run of the plan (a scheduler's job id); default: a"
              + " hash of the plan")
  String group;

  /** The shard, read once; null for the whole plan. */
  Shard shard(Scenario scenario, String base) throws ScenarioException {
    return Shard.of(shard, group, scenario, base);
  }
}
