package org.pgloadbench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.render.Formats;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.render.MarkdownPage;
import org.pgloadbench.render.Section;
import org.pgloadbench.render.Table;
import org.pgloadbench.results.Measurements;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.results.Sample;
import org.pgloadbench.results.StoredRun;

/**
 * A run's instructions per step ({@code measure: instructions}), per server, with each server's
 * difference from the base in percent and, per COPY row, instructions per row. A count does not
 * vary with the machine's load, so one round decides and no statistics are needed: what decides is
 * whether the control, a second server of the base's binaries, counted the same within {@link
 * #CONTROL_TOLERANCE}.
 *
 * @param base the server the others are compared with
 * @param servers every server of the run that counted, in run order (a control last)
 * @param rows per cell, each counted step then the cell's total
 * @param control the control against the base, or null when the run had none
 */
public record InstructionCounts(
    String base, List<String> servers, List<Row> rows, Control control) {
  /** How far a control may be from its twin: 0.05%. */
  public static final double CONTROL_TOLERANCE = 0.0005;

  /**
   * One cell and step (or {@link VersionComparison#TOTAL}): the median count over rounds per
   * server, and instructions per row where the step loaded rows.
   */
  public record Row(
      String cell, String step, Map<String, Double> instructions, Map<String, Double> perRow) {
    /** {@code server}'s count against the base's, as a fraction (0.01 for 1% more); NaN if none. */
    public double difference(String server, String base) {
      Double mine = instructions.get(server);
      Double theirs = instructions.get(base);
      return mine == null || theirs == null || theirs == 0 ? Double.NaN : mine / theirs - 1;
    }

    boolean total() {
      return step.equals(VersionComparison.TOTAL);
    }
  }

  /**
   * The control against the base.
   *
   * @param largest the largest difference of a cell's total (a cell of one counted step: that
   *     step), as a fraction, unsigned: what the gate judges a build by
   * @param differing the rows beyond {@link #CONTROL_TOLERANCE}, totals and steps, each as "cell
   *     step +0.12%"
   */
  public record Control(String label, double largest, List<String> differing) {
    /** Whether every cell's total is within the tolerance. */
    public boolean agrees() {
      return largest <= CONTROL_TOLERANCE;
    }
  }

  /** The section of report.md and compare.md, the versions compared against their base. */
  public static final Section<ReportedRun> SECTION =
      Section.when(
          run -> applies(run.results()),
          (run, page) ->
              of(run.results(), run.comparison() == null ? null : run.comparison().base())
                  .render(page));

  /** Whether any step of the run counted instructions. */
  public static boolean applies(StoredRun run) {
    return run.measured().stream().anyMatch(r -> r.measured().instructions() != null);
  }

  /**
   * The counts of a run that {@link #applies}; {@code requestedBase} as {@link
   * VersionComparison#base}.
   */
  public static InstructionCounts of(StoredRun run, String requestedBase) {
    List<String> servers = run.versions();
    String base = VersionComparison.baseOrFail(servers, requestedBase, "server");
    List<Row> rows = new ArrayList<>();
    for (String cell : run.cells()) {
      Set<StepKind> counted = new LinkedHashSet<>();
      for (String server : servers) {
        for (StepKind step : run.steps(server, cell)) {
          if (!median(run, server, cell, List.of(step), Measurements::instructions).isNaN()) {
            counted.add(step);
          }
        }
      }
      for (StepKind step : counted) {
        rows.add(row(run, servers, cell, step.yamlName(), List.of(step)));
      }
      if (counted.size() > 1) {
        rows.add(row(run, servers, cell, VersionComparison.TOTAL, List.copyOf(counted)));
      }
    }
    String control = base + RunManifest.CONTROL_SUFFIX;
    return new InstructionCounts(
        base, servers, rows, servers.contains(control) ? control(rows, control, base) : null);
  }

  private static Row row(
      StoredRun run, List<String> servers, String cell, String step, List<StepKind> steps) {
    Map<String, Double> instructions = new LinkedHashMap<>();
    Map<String, Double> perRow = new LinkedHashMap<>();
    for (String server : servers) {
      double count = median(run, server, cell, steps, Measurements::instructions);
      if (count != count) {
        continue;
      }
      instructions.put(server, count);
      double rows =
          steps.size() == 1 ? median(run, server, cell, steps, Measurements::rows) : Double.NaN;
      if (rows > 0) {
        perRow.put(server, count / rows);
      }
    }
    return new Row(cell, step, instructions, perRow);
  }

  private static Double median(
      StoredRun run,
      String server,
      String cell,
      List<StepKind> steps,
      Function<Measurements, ? extends Number> measure) {
    Sample sample = run.sample(server, cell, run.tables(server), steps, measure);
    return sample.isEmpty() ? Double.NaN : sample.median();
  }

  private static Control control(List<Row> rows, String label, String base) {
    double largest = 0;
    List<String> differing = new ArrayList<>();
    for (Row row : rows) {
      double d = row.difference(label, base);
      if (d != d) {
        continue;
      }
      if (judged(rows, row)) {
        largest = Math.max(largest, Math.abs(d));
      }
      if (Math.abs(d) > CONTROL_TOLERANCE) {
        differing.add(row.cell() + " " + row.step() + " " + signed(d));
      }
    }
    return new Control(label, largest, differing);
  }

  /** Whether a build is judged by this row: a cell's total, or the one step of a cell without. */
  private static boolean judged(List<Row> rows, Row row) {
    boolean totalled = rows.stream().anyMatch(r -> r.total() && r.cell().equals(row.cell()));
    return row.total() == totalled;
  }

  /**
   * Each step and total on a server other than the base and the control whose count grew by more
   * than {@code percent}, as "cell step on server +1.2%", where the control agreed with its twin on
   * that row: a regression in one step is not hidden by a cell's other steps.
   */
  public List<String> grewMoreThan(double percent) {
    return grown(percent, true);
  }

  /**
   * The rows that would have grown by more than {@code percent} but whose control differed from its
   * twin by more than {@link #CONTROL_TOLERANCE}, each as "cell step on server +0.4% (the control
   * -0.3%)": there a difference is not known to be the build's.
   */
  public List<String> undecided(double percent) {
    return grown(percent, false);
  }

  private List<String> grown(double percent, boolean trusted) {
    List<String> grew = new ArrayList<>();
    for (Row row : rows) {
      double twins = control == null ? 0 : row.difference(control.label(), base);
      boolean agrees = !(Math.abs(twins) > CONTROL_TOLERANCE);
      if (agrees != trusted) {
        continue;
      }
      for (String server : servers) {
        if (server.equals(base) || (control != null && server.equals(control.label()))) {
          continue;
        }
        double d = row.difference(server, base);
        if (d * 100 > percent) {
          grew.add(
              String.join(" ", row.cell(), row.step(), "on", server, signed(d))
                  + (trusted ? "" : " (the control " + signed(twins) + ")"));
        }
      }
    }
    return grew;
  }

  static String signed(double fraction) {
    return String.format(Locale.ROOT, "%+.3f%%", fraction * 100);
  }

  /** The section of report.md and compare.md. */
  public void render(MarkdownPage page) {
    page.heading(2, "Instructions per step");
    StringBuilder out = new StringBuilder();
    out.append(
        "What the server executed for each step, counted under valgrind (callgrind): the"
            + " instructions of the step's sessions' backends, from a call made just before the"
            + " step to one made just after it, the two calls' own cost taken off; a COPY also per"
            + " row. Not counted: waiting for I/O, locks and fsync, the client, and work done by"
            + " other processes (the checkpointer, the WAL writer; autovacuum and parallel workers"
            + " are off). The wall times of this run are valgrind's, many times longer than"
            + " without it: compare them only within the run. A count is the same on every load"
            + " to a few in a million, so one round decides");
    if (control == null) {
      out.append("; this run had no control to show it.");
    } else {
      out.append(
          String.format(
              Locale.ROOT,
              control.agrees()
                  ? ": the control %s, a second server of %s's binaries, counted every cell's total"
                      + " within %.2f%% of it (largest difference %.4f%%)"
                  : ". **The control %s, a second server of %s's binaries, counted a total more"
                      + " than %.2f%% away from it** (largest difference %.4f%%), so a build's"
                      + " difference of that size is not the build's",
              Markdown.code(control.label()),
              Markdown.code(base),
              CONTROL_TOLERANCE * 100,
              control.largest() * 100));
      if (control.differing().isEmpty()) {
        out.append(", and every step too.");
      } else {
        out.append(
            String.format(
                Locale.ROOT,
                ". Beyond %.2f%% between the twins: %s. Something besides the build changes"
                    + " those counts: ANALYZE's random sample of a table over 300 ×"
                    + " default_statistics_target rows, the address-space layout (where memory is"
                    + " mapped changes hash and sort orders), hash seeds, or a background"
                    + " process's work counted in the step.",
                CONTROL_TOLERANCE * 100,
                Markdown.text(String.join(", ", control.differing()))));
      }
    }
    page.block(out.toString());
    List<String> header = new ArrayList<>(List.of("cell", "step"));
    servers.forEach(s -> header.add(Markdown.text(s)));
    List<String> others = servers.stream().filter(s -> !s.equals(base)).toList();
    others.forEach(s -> header.add(Markdown.text(s) + " vs " + Markdown.text(base)));
    Table table = Table.of(2, header);
    for (Row row : rows) {
      List<String> cells = new ArrayList<>(List.of(Markdown.text(row.cell()), row.step()));
      for (String server : servers) {
        Double count = row.instructions().get(server);
        Double perRow = row.perRow().get(server);
        cells.add(
            count == null
                ? "–"
                : Formats.count(count)
                    + (perRow == null ? "" : " (" + Formats.count(perRow) + "/row)"));
      }
      for (String server : others) {
        double d = row.difference(server, base);
        cells.add(d != d ? "–" : signed(d));
      }
      table.row(cells);
    }
    page.table(table);
  }
}
