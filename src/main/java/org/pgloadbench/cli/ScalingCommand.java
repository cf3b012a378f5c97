package org.pgloadbench.cli;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.pgloadbench.dataset.MiddleTable;
import org.pgloadbench.report.ScalingReport;
import org.pgloadbench.scenario.ScenarioFiles;
import org.pgloadbench.scenario.ScenarioLoader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(
    name = "scaling",
    description = {
      "Time against rows: runs of one scenario at several scales (make scaling) as one report:"
          + " COPY seconds against rows, each claim's ratio at each scale, each cell's time per row"
          + " and log-log slope, and with --predict each cell's time and ratio to the baseline at"
          + " the rows given. The last line printed is the report's path."
    })
final class ScalingCommand extends BaseCommand {
  static final String DEFAULT_SCALES = "1 3 10";

  @Parameters(arity = "0..*", paramLabel = "RUN", description = "results/<scenario>/<run-id> dirs")
  List<Path> runs = List.of();

  @Option(
      names = {"-o", "--output"},
      paramLabel = "DIR",
      description = "where scaling.md and scaling.png go")
  Path output;

  @Option(
      names = "--predict",
      paramLabel = "TABLE=ROWS,...",
      description =
          "predict each cell's time and ratio to the baseline at these rows per table, e.g."
              + " nodes=7646463672,ways=854479032,rels=9855838")
  String predict;

  @Option(
      names = "--scales-of",
      paramLabel = "SCENARIO",
      description = "print the scales a scenario lists (scales:), else " + DEFAULT_SCALES)
  String scalesOf;

  @Option(
      names = "--scenarios",
      paramLabel = "DIR",
      description = "where scenario names are looked up (default: ${DEFAULT-VALUE})")
  Path scenarios = Path.of("scenarios");

  @Override
  public Integer call() throws Exception {
    if (scalesOf != null) {
      List<Double> scales =
          ScenarioLoader.load(ScenarioFiles.resolve(scalesOf, scenarios)).scales();
      String listed =
          scales.stream()
              .map(d -> BigDecimal.valueOf(d).stripTrailingZeros().toPlainString())
              .collect(Collectors.joining(" "));
      out().println(scales.isEmpty() ? DEFAULT_SCALES : listed);
      return ExitCode.OK;
    }
    if (runs.isEmpty() || output == null) {
      throw usage("give the runs (results/<scenario>/<run-id>) and --output DIR");
    }
    out().println(ScalingReport.write(runs, output, rows(predict)));
    return ExitCode.OK;
  }

  /** {@code nodes=7646463672,ways=854479032}: rows per table, by short name. */
  private Map<String, Long> rows(String text) {
    Map<String, Long> rows = new LinkedHashMap<>();
    if (text == null || text.isBlank()) {
      return rows;
    }
    for (String part : text.strip().split("\\s*,\\s*")) {
      String[] kv = part.split("=", 2);
      double n;
      try {
        n = Double.parseDouble(kv.length == 2 ? kv[1].strip() : "");
      } catch (NumberFormatException e) {
        n = Double.NaN;
      }
      if (!(n >= 1) || Double.isInfinite(n) || kv[0].isBlank()) {
        throw usage(
            "--predict (PREDICT=) "
                + text.strip()
                + ": give rows per table, e.g. nodes=7646463672,ways=854479032,rels=9855838");
      }
      rows.put(MiddleTable.shortName(kv[0].strip()), Math.round(n));
    }
    return rows;
  }
}
