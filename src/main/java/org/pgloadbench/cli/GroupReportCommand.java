package org.pgloadbench.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.pgloadbench.group.Group;
import org.pgloadbench.group.GroupReport;
import org.pgloadbench.run.Shard;
import org.pgloadbench.scenario.ScenarioException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(
    name = "group",
    description = {
      "Join the shards of one plan (bench --shard i/n, one group id) into one report: which"
          + " machine ran which shard, each shard's own report, and across machines an unpaired"
          + " comparison. The last line printed is the report's path."
    })
final class GroupReportCommand extends BaseCommand {

  @Parameters(index = "0", paramLabel = "<group>", description = "the group id (GROUP=)")
  String group;

  @Parameters(
      index = "1..*",
      paramLabel = "<dir>",
      description =
          "where the shards' results are: run directories, results/<scenario>, results/, or a"
              + " tree of them (default: results)")
  List<Path> runs = List.of(Path.of("results"));

  @Option(
      names = "--reports",
      paramLabel = "DIR",
      description = "the report goes under DIR/group/<group> (default: ${DEFAULT-VALUE})")
  Path reports = Path.of("reports");

  @Override
  public Integer call() throws Exception {
    for (Path dir : runs) {
      if (!Files.isDirectory(dir)) {
        throw new ScenarioException(
            "RUNS=" + dir + ": no such directory; give the results directories of the shards");
      }
    }
    Group joined = Group.join(Shard.groupId(group), runs);
    out().println(GroupReport.write(joined, reports));
    return ExitCode.OK;
  }
}
