package org.pgloadbench.results;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.pgloadbench.recipe.StepKind;

/**
 * One load's step times in the shape {@code pgbench -i} prints them, so that a PostgreSQL hacker
 * reads them as they read pgbench: {@code done in 2.84 s (drop tables 0.00 s, create tables 0.01 s,
 * client-side generate 1.99 s, vacuum 0.21 s, primary keys 0.62 s).} Each phase sums its step over
 * the tables, as pgbench's phases span all four.
 */
public final class PgbenchPhases {
  private static final Map<StepKind, String> PHASES =
      Map.of(
          StepKind.DROP, "drop tables",
          StepKind.CREATE, "create tables",
          StepKind.COPY, "client-side generate",
          StepKind.VACUUM, "vacuum",
          StepKind.VACUUM_ANALYZE, "vacuum",
          StepKind.ANALYZE, "vacuum",
          StepKind.PRIMARY_KEY, "primary keys");

  private PgbenchPhases() {}

  /** pgbench's name for a step's phase; a step pgbench does not have keeps its own name. */
  public static String phase(StepKind step) {
    return PHASES.getOrDefault(step, step.yamlName().replace('_', ' '));
  }

  /** The line for the steps of one load, in the order they ran; a failure is named at the end. */
  public static String line(List<StepResult> load) {
    Map<String, Double> phases = new LinkedHashMap<>();
    for (StepResult step : load) {
      phases.merge(phase(step.step()), step.seconds(), Double::sum);
    }
    String parts =
        phases.entrySet().stream()
            .map(p -> String.format(Locale.ROOT, "%s %.2f s", p.getKey(), p.getValue()))
            .collect(Collectors.joining(", "));
    StringBuilder line =
        new StringBuilder(
            String.format(Locale.ROOT, "done in %.2f s (%s).", StepResult.seconds(load), parts));
    load.stream()
        .filter(s -> !s.ok())
        .findFirst()
        .ifPresent(s -> line.append(" FAILED at ").append(s.table()).append(' ').append(s.step()));
    return line.toString();
  }

  /** The closing line of a series, as the multi-insert table AM thread prints it. */
  public static String average(List<Double> totals) {
    double mean = totals.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    return String.format(Locale.ROOT, "AVG done in %.3f s", mean);
  }
}
