package org.pgloadbench.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.pgloadbench.estimate.Estimate;
import org.pgloadbench.estimate.Estimate.ServerTime;
import org.pgloadbench.render.Formats;
import org.pgloadbench.run.Plan;
import org.pgloadbench.scenario.MemoryCaps;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.scenario.Stopping;
import org.pgloadbench.variant.StandbyMode;

/** How long a plan will take, as {@code plan} prints it and {@code bench} before it starts. */
final class EstimateText {
  private EstimateText() {}

  static String describe(Scenario scenario, Plan plan, Estimate estimate) {
    if (estimate.none() != null) {
      return "  estimate  none: " + estimate.none() + "\n";
    }
    StringBuilder out = new StringBuilder();
    List<String> runs = new ArrayList<>(estimate.runs());
    String from =
        runs.size() <= 3
            ? String.join(", ", runs)
            : String.join(", ", runs.subList(0, 3)) + " and " + (runs.size() - 3) + " more";
    out.append("  estimate  about ")
        .append(Formats.duration(estimate.seconds()))
        .append(" from the first server's start to the last load (the report after it aside), from")
        .append(runs.size() == 1 ? " stored run " : " stored runs ")
        .append(from)
        .append(" of ")
        .append(scenario.name());
    if (estimate.unknownLoads() > 0) {
      out.append(", and ").append(estimate.unknownLoads()).append(" load(s) of unknown time");
    }
    out.append('\n');
    List<String> names = estimate.servers().stream().map(s -> shown(s, plan)).toList();
    int width = Math.max(5, names.stream().mapToInt(String::length).max().orElse(0));
    for (int i = 0; i < names.size(); i++) {
      ServerTime server = estimate.servers().get(i);
      out.append(
          String.format(
              Locale.ROOT,
              "    %-" + width + "s  %9s = start %s%s + %d loads: steps %s, outside them %s%s%n",
              names.get(i),
              Formats.duration(server.seconds()),
              Formats.duration(server.startSeconds()),
              server.warmupSeconds() > 0
                  ? " + warm-up " + Formats.duration(server.warmupSeconds())
                  : "",
              server.loads(),
              Formats.duration(server.loadSeconds()),
              Formats.duration(server.setupSeconds()),
              server.unknown().isEmpty()
                  ? ""
                  : "; unknown: "
                      + String.join(", ", server.unknown())
                      + " (nothing like it ran)"));
    }
    if (names.size() > 1) {
      out.append(
          String.format(
              Locale.ROOT,
              "    %-" + width + "s  %9s%n",
              "total",
              Formats.duration(estimate.seconds())));
    }
    if (scenario.stopping().auto()) {
      out.append(auto(plan, scenario.stopping(), estimate));
    }
    if (estimate.outside().run().isEmpty()) {
      out.append("    outside the steps: no stored run tells that time, left out\n");
    } else {
      out.append("    outside the steps: a server's start ")
          .append(Formats.duration(estimate.outside().startSeconds()))
          .append(", a load's fresh tables, checkpoint and connections ")
          .append(Formats.duration(estimate.outside().setupSeconds()))
          .append(
              estimate.outside().recorded()
                  ? ", as run " + estimate.outside().run() + " timed them"
                  : ": the time run "
                      + estimate.outside().run()
                      + " spent beside its steps, which its harness did not time apart, spread"
                      + " evenly")
          .append('\n');
    }
    estimate.notes().forEach(note -> out.append("    ").append(note).append('\n'));
    return out.toString();
  }

  /** An auto run: the rounds before the first look, then as many as the budget allows. */
  private static String auto(Plan plan, Stopping stopping, Estimate estimate) {
    double round = estimate.roundSeconds();
    long budget = stopping.budgetSeconds() * plan.servers().size();
    int most = round <= 0 ? plan.repeat() : Math.max(plan.repeat(), (int) (budget / round));
    return String.format(
        Locale.ROOT,
        "    repeat: auto: that is its %d round(s) before the first look; a round more takes about"
            + " %s, and rounds stop before the budget (%s) would be overrun: at most %d round(s),"
            + " about %s in all%n",
        plan.repeat(),
        Formats.duration(round),
        Stopping.durationText(budget),
        most,
        Formats.duration(estimate.beforeRounds() + most * round));
  }

  /**
   * A server as plan names it: its label, its profile where there are several, its cap, its
   * standby.
   */
  private static String shown(ServerTime server, Plan plan) {
    boolean profiles = plan.servers().stream().map(Plan.Server::profile).distinct().count() > 1;
    Plan.Server planned = server.planned();
    return "PostgreSQL "
        + server.server()
        + (profiles ? " (" + planned.profile() + ")" : "")
        + (planned.memory() > 0 ? " (" + MemoryCaps.shown(planned.memory()) + " cap)" : "")
        + (planned.standby() == StandbyMode.NONE ? "" : " (" + planned.standby() + " standby)");
  }
}
