package org.pgloadbench.overhead;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.results.PgbenchPhases;

/**
 * {@code pgbench -i -s N} with its default steps (drop, create, client-side generate, vacuum,
 * primary keys), and the phase times it prints: {@code done in 2.84 s (drop tables 0.00 s, create
 * tables 0.01 s, client-side generate 1.99 s, vacuum 0.21 s, primary keys 0.62 s).}
 */
public final class PgbenchInit {
  /**
   * Not a cell label (labels have no spaces), so the real pgbench never shares a row with a cell.
   */
  public static final String NAME = "pgbench -i";

  /**
   * pgbench -i's default steps in its order, each phase it prints named as {@link PgbenchPhases}
   * names the step (its vacuum is a VACUUM ANALYZE).
   */
  static final List<StepKind> STEPS =
      List.of(
          StepKind.DROP,
          StepKind.CREATE,
          StepKind.COPY,
          StepKind.VACUUM_ANALYZE,
          StepKind.PRIMARY_KEY);

  private static final Pattern DONE = Pattern.compile("done in ([0-9.]+) s \\(([^)]*)\\)");
  private static final Pattern PHASE = Pattern.compile("\\s*([a-z][a-z -]*?) ([0-9.]+) s");

  private final Path pgbench = PgClient.program("pgbench");

  public String missing() {
    return pgbench == null
        ? "pgbench is not installed (Debian: apt-get install postgresql-contrib)"
        : null;
  }

  /** Runs it; returns seconds per phase, as steps, in pgbench's order. */
  Map<StepKind, Double> run(PgClient client, long scale) throws IOException, InterruptedException {
    List<String> command =
        new ArrayList<>(List.of(pgbench.toString(), "-i", "-s", Long.toString(scale)));
    command.addAll(client.connectionArgs());
    command.add(client.database());
    return phases(client.run(command));
  }

  static Map<StepKind, Double> phases(String output) throws IOException {
    Matcher done = DONE.matcher(output);
    if (!done.find()) {
      throw new IOException("pgbench printed no phase times: " + output.strip());
    }
    Map<StepKind, Double> phases = new LinkedHashMap<>();
    for (String part : done.group(2).split(",")) {
      Matcher phase = PHASE.matcher(part);
      if (phase.matches()) {
        StepKind step =
            STEPS.stream()
                .filter(k -> PgbenchPhases.phase(k).equals(phase.group(1)))
                .findFirst()
                .orElseThrow(
                    () ->
                        new IOException(
                            "pgbench printed a phase of no default step: " + part.strip()));
        phases.put(step, Double.parseDouble(phase.group(2)));
      }
    }
    return phases;
  }
}
