package org.pgloadbench.overhead;

import java.io.IOException;
import java.io.PrintWriter;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.run.Rounds;

/**
 * The one round loop of the overhead run's head-to-heads: {@code warmup} rounds, then {@code
 * repeat} measured ones, each loading every contender once in the order {@link Rounds} rotates from
 * round to round, so that none always goes first. A warm-up round's loads are run and dropped; a
 * measured round's are stored as they are measured. A load that fails is stored as failed, and the
 * rounds go on.
 */
public record Alternation(int warmup, int repeat) {
  /** One contender's load in one round: its steps, as this run stores them. */
  @FunctionalInterface
  interface Load<C> {
    List<StepResult> run(C contender, int round) throws SQLException, IOException;
  }

  /** Runs every round; prints a line per load. */
  <C> void run(List<C> contenders, Load<C> load, OverheadResults results, PrintWriter progress)
      throws SQLException, IOException {
    for (int round = 1 - warmup; round <= repeat; round++) {
      Map<C, List<StepResult>> loads = new HashMap<>();
      for (C contender : Rounds.order(contenders, round)) {
        List<StepResult> steps = load.run(contender, round);
        progress.println(line(steps, round));
        progress.flush();
        if (Rounds.measured(round)) {
          results.add(steps);
          loads.put(contender, steps);
        }
      }
      // run.json lists the contenders' cells in the order given, not the order of a round
      contenders.stream().filter(loads::containsKey).forEach(c -> results.ran(loads.get(c)));
    }
  }

  /** {@code harness+text+conn-1 planet_osm_ways round 2 0.512 s}, or the load's failure. */
  private static String line(List<StepResult> steps, int round) {
    List<String> tables = steps.stream().map(StepResult::table).distinct().toList();
    String outcome =
        steps.stream()
            .filter(s -> !s.ok())
            .findFirst()
            .map(s -> "FAILED at " + s.table() + " " + s.step() + ": " + s.error())
            .orElse(
                String.format(
                    Locale.ROOT, "%.3f s", steps.stream().mapToDouble(StepResult::seconds).sum()));
    return String.format(
        Locale.ROOT,
        "%-28s %-18s %-8s %s",
        steps.isEmpty() ? "" : steps.get(0).cell(),
        tables.size() == 1 ? tables.get(0) : "",
        Rounds.measured(round) ? "round " + round : "warm-up",
        outcome);
  }
}
