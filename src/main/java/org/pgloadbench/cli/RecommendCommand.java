package org.pgloadbench.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import org.pgloadbench.analysis.Answer;
import org.pgloadbench.analysis.Comparison;
import org.pgloadbench.render.Verdicts;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.results.StoredRun;
import org.pgloadbench.run.Bench;
import org.pgloadbench.run.Schedule;
import org.pgloadbench.scenario.Overrides;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.scenario.Stopping;
import picocli.CommandLine.Command;

@Command(
    name = "recommend",
    description = {
      "Race a scenario's cells on one version instead of running the full matrix: after each round"
          + " from the first look on, a cell significantly slower than the best leaves; prints the"
          + " winner (or the cells that cannot be told apart) against the baseline and the loads"
          + " saved, and writes a report like bench's. The last line printed is the report's path."
    })
final class RecommendCommand extends ScenarioCommand {

  @Override
  public Integer call() throws Exception {
    PrintWriter out = out();
    // the race decides its rounds: neither a fixed number nor repeat: auto
    Overrides given = args.overrides().with(Overrides.AUTO, false);
    Scenario scenario = args.scenario(args.scenario, given);
    List<String> versions = scenario.servers().versions();
    if (versions.size() > 1) {
      // a race is on one server; the newest listed, unless PG= names one
      String newest = versions.get(versions.size() - 1);
      out.println(
          "recommend: racing on PostgreSQL "
              + newest
              + " (the scenario lists "
              + String.join(", ", versions)
              + "; PG= chooses another)");
      scenario = args.scenario(args.scenario, given.with(Overrides.VERSIONS, List.of(newest)));
    }
    Scenario raced = scenario.withRepeat(RaceRounds.minimum(scenario.cells().size()));
    out.println(
        "recommend: a race of "
            + raced.cells().size()
            + " cells: every cell for "
            + raced.repeat()
            + " rounds, then after each round the cells significantly slower than the best leave;"
            + " until one is left, those left are equal within "
            + raced.stopping().precisionText()
            + ", or "
            + Stopping.durationText(raced.stopping().budgetSeconds())
            + " per server is spent");
    Schedule race =
        new Schedule(s -> s, RaceRounds::plan, plan -> new RaceRounds(plan, raced.stopping()));
    // a race goes its own way: no estimate from stored runs
    Bench.Done done = Bench.run(request(raced, race, null));
    out.println(summary(StoredRun.load(done.results())));
    out.println(done.report());
    return exitCode(List.of(done));
  }

  /**
   * The race's outcome in a few lines: the winner (or the cells left), its ratio to the baseline
   * with its interval, and the loads run against the full matrix's for as many rounds.
   */
  static String summary(StoredRun results) {
    RunManifest.Rounds rounds = results.manifest().rounds();
    Answer answer = Answer.of(results);
    if (rounds == null || answer.tables().isEmpty()) {
      return "recommend: nothing was measured";
    }
    Answer.Table table = answer.tables().get(0);
    List<String> in =
        results.cells(table.version()).stream().filter(c -> !rounds.left().containsKey(c)).toList();
    StringBuilder text = new StringBuilder("recommend: ");
    text.append(in.size() == 1 ? "the winner is " : "cannot be told apart: ");
    text.append(String.join("; ", in.stream().map(c -> c + againstBaseline(table, c)).toList()));
    int run = rounds.run() == null ? results.rounds() : rounds.run();
    int cells = results.cells(table.version()).size();
    text.append(
        String.format(
            Locale.ROOT,
            "%nrecommend: %d loads against %d for the full matrix (%d cells × %d rounds); the race"
                + " ended after round %d: %s",
            results.loads(),
            cells * run,
            cells,
            run,
            run,
            rounds.stopped()));
    return text.toString();
  }

  private static String againstBaseline(Answer.Table table, String cell) {
    Answer.Row row = table.row(cell);
    Comparison c = row == null ? null : row.comparison();
    if (c == null) {
      return " (the baseline)";
    }
    return String.format(
        Locale.ROOT,
        ": %.2f× the baseline%s",
        c.ratio(),
        Double.isNaN(c.ratioLow()) ? "" : " (95% interval " + Verdicts.range(c) + ")");
  }
}
