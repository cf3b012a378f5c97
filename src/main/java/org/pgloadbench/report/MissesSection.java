package org.pgloadbench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.pgloadbench.analysis.ClaimCheck;
import org.pgloadbench.analysis.Size;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.render.MarkdownPage;
import org.pgloadbench.render.Section;
import org.pgloadbench.render.Table;
import org.pgloadbench.results.Measurements;
import org.pgloadbench.results.StoredRun;
import org.pgloadbench.scenario.Claim;

/**
 * In a regime calibrated on one claim ({@code calibrated_on:}), where each other claim's size
 * missed: the step whose time differs most between the claim's two sides, and how that difference
 * splits between the server's CPU, the bytes through the disk throttle (their time at the limit)
 * and the rest (waiting).
 */
final class MissesSection implements Section<ReportedRun> {

  @Override
  public boolean applies(ReportedRun run) {
    return !misses(run).isEmpty();
  }

  private static List<ClaimCheck> misses(ReportedRun run) {
    List<ClaimCheck> checks = run.answer().claims();
    if (checks.stream().noneMatch(c -> c.claim().calibrates())) {
      return List.of();
    }
    return checks.stream()
        .filter(c -> !c.claim().calibrates())
        .filter(c -> c.size() == Size.SMALLER || c.size() == Size.LARGER)
        .toList();
  }

  @Override
  public void render(ReportedRun run, MarkdownPage page) {
    Table table =
        Table.aligned(
            "llllrrrrr",
            "claim",
            "PostgreSQL",
            "size",
            "step that differs most",
            "first side s",
            "second side s",
            "by server CPU s",
            "by the throttle s",
            "by waiting s");
    for (ClaimCheck check : misses(run)) {
      table.row(row(run.results(), check));
    }
    page.heading(2, "Where each miss went")
        .block(
            "For each claim whose size missed the published one at the calibrated disk: the step"
                + " whose median time differs most between its two sides (tables of the claim"
                + " summed; the sides as wholes where they compare different steps), and that"
                + " difference split into the server's CPU time, the time the"
                + " bytes it passed through the throttle take at the limit, and the rest of the"
                + " wall time (waiting: on locks, on fsyncs, on the throttle beyond its bytes' own"
                + " time).")
        .table(table);
  }

  private static List<String> row(StoredRun results, ClaimCheck check) {
    Claim claim = check.claim();
    String version = check.versions();
    String step;
    double[] mostSubject;
    double[] mostReference;
    if (!claim.subject().steps().equals(claim.reference().steps())) {
      // sides of other steps (a key's build against a COPY): the sides as wholes
      step = names(claim.subject().steps()) + " against " + names(claim.reference().steps());
      mostSubject = split(results, version, claim.subject(), claim.subject().steps());
      mostReference = split(results, version, claim.reference(), claim.reference().steps());
    } else {
      step = null;
      mostSubject = null;
      mostReference = null;
      for (StepKind each : claim.subject().steps()) {
        double[] s = split(results, version, claim.subject(), List.of(each));
        double[] r = split(results, version, claim.reference(), List.of(each));
        double difference = Math.abs(zero(s[0]) - zero(r[0]));
        if (step == null || difference > Math.abs(zero(mostSubject[0]) - zero(mostReference[0]))) {
          step = each.yamlName();
          mostSubject = s;
          mostReference = r;
        }
      }
    }
    List<String> row = new ArrayList<>();
    row.add(Markdown.text(claim.claim()));
    row.add(Markdown.text(version));
    row.add(check.size().toString() + " (" + ClaimsSection.ratio(check.ratio()) + ")");
    row.add(step);
    row.add(seconds(mostSubject[0]));
    row.add(seconds(mostReference[0]));
    for (int i = 1; i < 4; i++) {
      row.add(signed(zero(mostSubject[i]) - zero(mostReference[i])));
    }
    return row;
  }

  /**
   * A side's steps: wall, server CPU, time at the limit, the rest (wall less the larger of the
   * two), medians over repetitions, the side's tables summed.
   */
  static double[] split(StoredRun results, String version, Claim.Side side, List<StepKind> steps) {
    RunCell c =
        new RunCell(
            results, version, side.cell(), ClaimsSection.tables(results, version, side), steps);
    double wall = c.median(steps, Measurements::seconds);
    double cpu = c.median(steps, Measurements::serverCpuSeconds);
    double atLimit = ThrottleSection.leastSeconds(c, steps);
    double rest = zero(wall) - Math.max(zero(cpu), zero(atLimit));
    return new double[] {wall, cpu, atLimit, Math.max(0, rest)};
  }

  private static String names(List<StepKind> steps) {
    return String.join(" + ", steps.stream().map(StepKind::yamlName).toList());
  }

  static double zero(double value) {
    return Double.isNaN(value) ? 0 : value;
  }

  private static String seconds(double value) {
    return Double.isNaN(value) ? "–" : String.format(Locale.ROOT, "%.2f", value);
  }

  private static String signed(double value) {
    return String.format(Locale.ROOT, "%+.2f", value);
  }
}
