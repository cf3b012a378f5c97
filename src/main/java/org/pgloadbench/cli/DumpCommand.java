package org.pgloadbench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import org.pgloadbench.copy.CopyFormat;
import org.pgloadbench.dataset.Dataset;
import org.pgloadbench.overhead.Dump;
import org.pgloadbench.overhead.ScenarioTables;
import org.pgloadbench.scenario.Scenario;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(
    name = "dump",
    description = {
      "Write the COPY bytes the harness streams for one table of a scenario to a file, for psql's"
          + " \\copy or a server-side COPY ... FROM '<file>'.",
      "With --parts N, N files <out>.0 .. <out>.N-1, the slices N connections load."
    })
final class DumpCommand extends BaseCommand {
  @Mixin ScenarioArgs args;

  @Option(
      names = "--table",
      required = true,
      paramLabel = "ways",
      description =
          "the table: its short or full name (ways or planet_osm_ways); a scenario loading both"
              + " middle formats takes the first one's unless the format is added, 'ways (legacy)'")
  String table;

  @Option(
      names = "--format",
      paramLabel = "text|binary",
      description = "COPY format (default: ${DEFAULT-VALUE})")
  CopyFormat format = CopyFormat.TEXT;

  @Option(
      names = "--parts",
      paramLabel = "N",
      description = "one file per slice of N (default: ${DEFAULT-VALUE})")
  int parts = 1;

  @Option(
      names = {"-o", "--output"},
      required = true,
      paramLabel = "FILE",
      description = "the file to write")
  Path output;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = out();
    Scenario scenario = args.scenario();
    Dataset.Table chosen =
        ScenarioTables.find(
                ScenarioTables.of(scenario, args.workRoot(), out::println), table, scenario)
            .table();
    if (parts < 1 || parts > 64) {
      throw usage("--parts must be between 1 and 64, got " + parts);
    }
    for (int i = 0; i < parts; i++) {
      Path file = parts == 1 ? output : Path.of(output + "." + i);
      var rows = chosen.rows().slice(i, parts);
      long bytes = Dump.write(rows, format, file);
      out.println(
          String.format(
              Locale.ROOT,
              "%s: %s, %d rows, %d bytes, COPY %s (%s) FROM ... (FORMAT %s)",
              file,
              chosen.def().name(),
              rows.rows(),
              bytes,
              chosen.def().name(),
              chosen.def().columnList(),
              format.sqlName()));
    }
    return ExitCode.OK;
  }
}
