package org.pgloadbench.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.pgloadbench.dataset.Dataset;
import org.pgloadbench.recipe.Recipe;
import org.pgloadbench.recipe.Step;
import org.pgloadbench.scenario.Cell;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.server.ServerException;
import org.pgloadbench.server.ServerTarget;

/** What a scenario will do, as {@code plan} prints it and {@code bench} before it starts. */
final class Plan {
  private Plan() {}

  static String describe(Scenario scenario, ServerTarget target) throws ServerException {
    StringBuilder out = new StringBuilder();
    out.append("scenario ")
        .append(scenario.name())
        .append(" (")
        .append(scenario.source())
        .append(")\n");
    List<String> rows = new ArrayList<>();
    List<Dataset.Table> tables = Dataset.of(scenario.dataset()).tables();
    for (int i = 0; i < tables.size(); i++) {
      rows.add(
          String.format(
              Locale.ROOT,
              "%s %,d rows",
              scenario.dataset().tables().get(i),
              tables.get(i).rows().rows()));
    }
    scenario.dataset().options().forEach((k, v) -> rows.add(k + " " + v));
    out.append("  dataset   ")
        .append(scenario.dataset().kind())
        .append(": ")
        .append(String.join(", ", rows))
        .append(", seed ")
        .append(scenario.dataset().seed())
        .append('\n');
    List<String> servers = new ArrayList<>();
    for (String version : scenario.servers().versions()) {
      servers.add("PostgreSQL " + version + " (" + target.resolve(version) + ")");
    }
    out.append("  servers   ")
        .append(scenario.servers().target())
        .append(": ")
        .append(String.join(", ", servers))
        .append('\n');
    if (!scenario.settings().isEmpty()) {
      out.append("  settings  ").append(scenario.settings()).append('\n');
    }
    int loads = scenario.cells().size() * scenario.repeat() * scenario.servers().versions().size();
    out.append(
        String.format(
            Locale.ROOT,
            "  %d cell(s) x %d repetition(s) x %d server(s) = %d measured loads, %d warm-up load(s)"
                + " per server%n",
            scenario.cells().size(),
            scenario.repeat(),
            scenario.servers().versions().size(),
            loads,
            scenario.warmup()));
    int width = scenario.cells().stream().mapToInt(c -> c.label().length()).max().orElse(0);
    for (Cell cell : scenario.cells()) {
      List<String> steps =
          Recipe.of(scenario.steps(), cell.variant()).stream().map(Step::name).toList();
      out.append(
          String.format(
              Locale.ROOT, "    %-" + width + "s  %s%n", cell.label(), String.join(", ", steps)));
    }
    return out.toString();
  }
}
