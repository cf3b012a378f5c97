package org.pgloadbench.cli;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.pgloadbench.analysis.Answer;
import org.pgloadbench.analysis.ClaimCheck;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.render.MarkdownPage;
import org.pgloadbench.render.Section;
import org.pgloadbench.render.Table;
import org.pgloadbench.report.MarkdownReport;
import org.pgloadbench.results.StoredRun;
import org.pgloadbench.run.Bench;
import org.pgloadbench.run.Plan;
import org.pgloadbench.scenario.Overrides;
import org.pgloadbench.scenario.Scenario;
import picocli.CommandLine.Command;

/**
 * {@code reproduce a,b,c}: runs each scenario in turn with the same overrides (PG=, SCALE=, ...),
 * then writes {@code reports/reproduce/<run-id>/report.md}: per scenario its description, its
 * claims as its own report shows them (rendered from its claim checks, not read from that report),
 * a link to that report, its wall time, and the total, and the claims' verdicts (direction and
 * size) counted over all of them. Every scenario is loaded first, so a mistake in the last one
 * stops the run before the first.
 */
@Command(
    name = "reproduce",
    description = {
      "Run several scenarios in turn (<scenario> is a comma-separated list), then write one",
      "combined report of their claims, reports/reproduce/<run-id>/report.md: the last line."
    })
final class ReproduceCommand extends ScenarioCommand {
  static final String DIR = "reproduce";

  /**
   * A scenario run: its bench, its wall time, its claims as its report checked them, whether it ran
   * without its control ({@link #controlLeftOut}), and the scenario's own versions where it ran on
   * fewer ({@code reproduce_versions:}; empty when it ran on all of them).
   */
  record Done(
      Scenario scenario,
      Bench.Done bench,
      double seconds,
      List<ClaimCheck> claims,
      boolean controlLeftOut,
      List<String> ownVersions) {}

  @Override
  public Integer call() throws Exception {
    PrintWriter out = out();
    List<Scenario> scenarios = new ArrayList<>();
    Map<Scenario, List<String>> ownVersions = new IdentityHashMap<>();
    Overrides overrides = args.overrides();
    for (String name : args.scenario.split("\\s*,\\s*")) {
      Scenario scenario = args.scenario(name, overrides);
      if (overrides.versions() == null && !scenario.reproduceVersions().isEmpty()) {
        List<String> own = scenario.servers().versions();
        scenario =
            args.scenario(name, overrides.with(Overrides.VERSIONS, scenario.reproduceVersions()));
        ownVersions.put(scenario, own);
      }
      scenarios.add(scenario);
    }
    String runId = Bench.newRunId();
    long start = System.nanoTime();
    List<Done> done = new ArrayList<>();
    for (Scenario scenario : scenarios) {
      out.println("== " + scenario.name());
      long began = System.nanoTime();
      boolean leftOut = controlLeftOut(scenario);
      if (leftOut) {
        out.println("  control   left out: every claim compares cells of one server");
      }
      Bench.Done bench = Bench.run(request(scenario.withControl(!leftOut)));
      double seconds = (System.nanoTime() - began) / 1e9;
      List<ClaimCheck> claims = Answer.of(StoredRun.load(bench.results())).claims();
      done.add(
          new Done(
              scenario,
              bench,
              seconds,
              claims,
              leftOut,
              ownVersions.getOrDefault(scenario, List.of())));
    }
    double total = (System.nanoTime() - start) / 1e9;
    Path dir = dirs.reports.resolve(DIR).resolve(runId);
    Files.createDirectories(dir);
    Path report = dir.resolve("report.md");
    Files.writeString(report, render(done, total, dir, overrides()), StandardCharsets.UTF_8);
    out.printf(Locale.ROOT, "reproduce: %d scenarios in %s%n", done.size(), minutes(total));
    out.println(report);
    return exitCode(done.stream().map(Done::bench).toList());
  }

  /**
   * Whether reproduce leaves out the scenario's control: it checks claims, and a control guards
   * only a claim across servers, so a run whose claims all compare cells of one server would spend
   * a third or more of its rounds on a server no claim reads.
   */
  static boolean controlLeftOut(Scenario scenario) {
    return Plan.of(scenario, null).servers().stream().anyMatch(Plan.Server::control)
        && !Plan.claimsCompareServers(scenario);
  }

  /**
   * What the combined report shows: the scenarios run, the total wall time, the report's own
   * directory (its links are relative to it) and the overrides as {@link #overrides} gives them.
   */
  private record Reproduced(List<Done> done, double total, Path dir, String overrides) {}

  private static final List<Section<Reproduced>> SECTIONS =
      List.of(
          ReproduceCommand::summary,
          (reproduced, page) -> reproduced.done().forEach(d -> scenario(d, reproduced.dir(), page)),
          // how the claims are decided, as the notes under a claims table say it
          (reproduced, page) ->
              reproduced.done().stream()
                  .filter(d -> !d.claims().isEmpty())
                  .findFirst()
                  .ifPresent(d -> page.block("---").block(MarkdownReport.claimsNotes(d.claims()))));

  /** The combined report; {@code overrides} as {@link #overrides} gives them. */
  static String render(List<Done> done, double total, Path dir, String overrides) {
    return MarkdownPage.report()
        .sections(SECTIONS, new Reproduced(done, total, dir, overrides))
        .toString();
  }

  /** The title, the overrides and wall time, a row per scenario, the claims' verdicts counted. */
  private static void summary(Reproduced reproduced, MarkdownPage page) {
    Table table = Table.aligned("lrrl", "scenario", "wall time", "failed steps", "report");
    for (Done d : reproduced.done()) {
      table.row(
          Markdown.text(d.scenario().name())
              + (d.ownVersions().isEmpty()
                  ? ""
                  : " (on PostgreSQL "
                      + Markdown.text(String.join(", ", d.scenario().servers().versions()))
                      + " alone of its "
                      + Markdown.text(String.join(", ", d.ownVersions()))
                      + ": reproduce_versions)"),
          minutes(d.seconds()),
          String.valueOf(d.bench().failures()),
          "[report](" + link(reproduced.dir(), d.bench().report()) + ")");
    }
    List<String> leftOut =
        reproduced.done().stream()
            .filter(Done::controlLeftOut)
            .map(d -> d.scenario().name())
            .toList();
    page.heading(1, "Reproducing the published experiments")
        .block(
            "Every scenario below ran in turn on this machine"
                + (reproduced.overrides().isEmpty() ? "" : " with " + reproduced.overrides())
                + "; total wall time **"
                + minutes(reproduced.total())
                + "**.")
        .table(table)
        .block(tally(reproduced.done()));
    if (!leftOut.isEmpty()) {
      page.block(
          "Run without their control server, every claim of theirs comparing cells of one server"
              + " (the control, an A/A twin of the base server, guards comparisons across"
              + " servers; `make bench` keeps it): "
              + Markdown.text(String.join(", ", leftOut))
              + ".");
    }
  }

  /**
   * A scenario: its description, its claims as its own report shows them, an own finding apart from
   * them as in that report, and the link to it.
   */
  private static void scenario(Done d, Path dir, MarkdownPage page) {
    page.heading(2, Markdown.text(d.scenario().name()))
        .block(Markdown.text(d.scenario().description()))
        .block(
            d.claims().isEmpty()
                ? "_This scenario checks no claims._"
                : MarkdownReport.claims(d.claims()));
    d.scenario()
        .findings()
        .forEach(f -> page.block("Finding of earlier runs: " + Markdown.text(f)));
    page.block("[full report](" + link(dir, d.bench().report()) + ")");
  }

  /**
   * Both verdicts counted over every scenario's claims: "**Claims:** direction held N, not held N,
   * inconclusive N; size as published N, smaller here N, larger here N, not judged N (of the N with
   * a published ratio and a verdict)", the claims without a verdict or a published ratio left out
   * of the size, and a regime's calibrating claim too ({@link Answer#sizeTally}).
   */
  static String tally(List<Done> done) {
    List<ClaimCheck> all = done.stream().flatMap(d -> d.claims().stream()).toList();
    Answer answer = new Answer(null, List.of(), all);
    List<String> direction =
        answer.tally().entrySet().stream()
            .filter(e -> e.getValue() > 0 || e.getKey() != ClaimCheck.Verdict.NO_VERDICT)
            .map(e -> e.getKey() + " " + e.getValue())
            .toList();
    List<String> size =
        answer.sizeTally().entrySet().stream().map(e -> e.getKey() + " " + e.getValue()).toList();
    int sized = answer.sizeTally().values().stream().mapToInt(Integer::intValue).sum();
    return "**Claims:** direction %s; size %s (of the %s with a published ratio and a verdict)."
        .formatted(String.join(", ", direction), String.join(", ", size), sized);
  }

  private static String link(Path from, Path to) {
    return from.toAbsolutePath().normalize().relativize(to.toAbsolutePath().normalize()).toString();
  }

  private String overrides() {
    // the rounds, scale and limits; where the servers and data came from (TARGET=, BUILDS=, IMAGE=,
    // DATA=) each scenario's own report says, as its target reports them: a URL may carry a
    // password
    List<String> given = new ArrayList<>();
    add(given, "PG", args.pg);
    add(given, "SCALE", args.scale);
    add(given, "REPEAT", args.repeat);
    add(given, "WARMUP", args.warmup);
    add(given, "MEMORY", args.memory);
    add(given, "DISK", args.disk);
    add(given, "BUDGET", args.budget);
    add(given, "INSTRUCTIONS", args.instructions ? "1" : null);
    return String.join(" ", given);
  }

  private static void add(List<String> given, String name, String value) {
    if (value != null && !value.isBlank()) {
      given.add(Markdown.code(name + "=" + value.trim()));
    }
  }

  static String minutes(double seconds) {
    long s = Math.round(seconds);
    return s < 60
        ? String.format(Locale.ROOT, "%.1f s", seconds)
        : String.format(Locale.ROOT, "%d min %02d s", s / 60, s % 60);
  }
}
