package org.pgloadbench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.render.Formats;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.render.Noise;
import org.pgloadbench.render.Table;
import org.pgloadbench.results.Measurements;
import org.pgloadbench.results.Sample;
import org.pgloadbench.results.StoredRun;

/**
 * A version's part of the report: how its servers were set up and what could not be measured there,
 * the timings of every cell and step per table, what the COPY left behind, both halves of an
 * unlogged load, and each index built after the load.
 */
final class VersionSection {
  private final StoredRun results;
  private final RunSetup setup;
  private final StringBuilder out;

  /** Whether a total is flagged for a trend (the notes then explain the flag). */
  private boolean trended;

  VersionSection(StoredRun results, RunSetup setup, StringBuilder out) {
    this.results = results;
    this.setup = setup;
    this.out = out;
  }

  boolean trended() {
    return trended;
  }

  void render(String version) {
    out.append("## PostgreSQL ").append(Markdown.text(version)).append("\n\n");
    String server = setup.server(version);
    if (!server.isEmpty()) {
      out.append(server).append("\n\n");
    }
    List<String> missing = setup.missing(version);
    if (!missing.isEmpty()) {
      out.append("Not measured on this server:\n\n");
      missing.forEach(m -> out.append("- ").append(m).append('\n'));
      out.append('\n');
    }
    timings(version);
    if (results.hasStep(version, StepKind.COPY)) {
      storage(version);
    }
    if (results.hasStep(version, StepKind.SET_LOGGED)) {
      unloggedHalves(version);
    }
    if (results.hasStep(version, StepKind.INDEXES)) {
      indexBuilds(version);
    }
  }

  /**
   * A row per (cell, step) and a total per cell; a column per table and, for several, their sum.
   */
  private void timings(String version) {
    List<String> tables = results.tables(version);
    boolean sum = tables.size() > 1;
    List<String> header = new ArrayList<>(List.of("cell", "step"));
    tables.forEach(t -> header.add(table(t)));
    if (sum) {
      header.add("sum");
    }
    Table shown = Table.of(2, header);
    for (String cell : results.cells(version)) {
      List<StepKind> steps = results.steps(version, cell);
      String label = Markdown.text(cell);
      for (StepKind step : steps) {
        List<String> row = new ArrayList<>(List.of(label, step.yamlName()));
        for (String table : tables) {
          row.add(seconds(results.seconds(version, cell, List.of(table), List.of(step))));
        }
        if (sum) {
          row.add(seconds(results.seconds(version, cell, tables, List.of(step))));
        }
        shown.row(row);
        label = "";
      }
      List<String> total = new ArrayList<>(List.of(label, "**total**"));
      for (String table : tables) {
        total.add(total(results.seconds(version, cell, List.of(table), steps)));
      }
      if (sum) {
        total.add(total(results.seconds(version, cell, tables, steps)));
      }
      shown.row(total);
    }
    shown.appendTo(out);
    out.append('\n');
  }

  /**
   * What the copy left behind: StepKind.COPY FREEZE shows as all-frozen, and StepKind.VACUUM then
   * has no work.
   */
  private void storage(String version) {
    boolean vacuum = results.hasStep(version, StepKind.VACUUM);
    List<String> header =
        new ArrayList<>(
            List.of("cell", "table", "rows", "copy (s)", "client CPU (s)", "WAL by copy (MB)"));
    header.addAll(List.of("heap (MB)", "all-frozen after copy"));
    if (vacuum) {
      header.add("after vacuum");
    }
    // the indexes the load paid for as it went, and what the table ends with (the primary key
    // added later, a GIN index's pending list merged by VACUUM)
    boolean duringLoad = anyIndexBytes(version, StepKind.COPY, true);
    boolean atEnd = anyIndexBytes(version, null, false);
    if (duringLoad) {
      header.add("indexes after copy (MB)");
    }
    if (atEnd) {
      header.add("indexes at the end (MB)");
    }
    Table shown = Table.of(2, header);
    for (String cell : results.cells(version)) {
      String label = Markdown.text(cell);
      for (String table : results.tables(version)) {
        List<String> row = new ArrayList<>(List.of(label, table(table)));
        row.add(median(version, cell, table, StepKind.COPY, Measurements::rows, Formats::count));
        // the harness's own CPU beside the wall time: how much of the machine the client took
        row.add(
            median(
                version, cell, table, StepKind.COPY, Measurements::seconds, Formats::significant));
        row.add(
            median(
                version,
                cell,
                table,
                StepKind.COPY,
                Measurements::clientCpuSeconds,
                Formats::significant));
        row.add(
            median(
                version, cell, table, StepKind.COPY, Measurements::walBytes, Formats::megabytes));
        row.add(
            median(
                version, cell, table, StepKind.COPY, Measurements::tableBytes, Formats::megabytes));
        row.add(
            median(version, cell, table, StepKind.COPY, VersionSection::frozen, Formats::percent));
        if (vacuum) {
          row.add(
              median(
                  version, cell, table, StepKind.VACUUM, VersionSection::frozen, Formats::percent));
        }
        if (duringLoad) {
          row.add(
              median(
                  version,
                  cell,
                  table,
                  StepKind.COPY,
                  Measurements::indexBytes,
                  Formats::megabytes));
        }
        if (atEnd) {
          row.add(
              median(
                  version,
                  cell,
                  table,
                  lastStep(version, cell, table),
                  Measurements::indexBytes,
                  Formats::megabytes));
        }
        shown.row(row);
        label = "";
      }
    }
    shown.appendTo(out);
    out.append('\n');
  }

  /** An unlogged StepKind.COPY saves WAL that SET LOGGED then writes: both halves side by side. */
  private void unloggedHalves(String version) {
    out.append(
            "**UNLOGGED, then SET LOGGED:** the COPY into an unlogged table writes next to" + " no")
        .append(" WAL; SET LOGGED then writes the whole table to it. Compare copy + set_logged")
        .append(" with the copy of the logged cells.\n\n");
    Table shown =
        Table.of(
            2,
            List.of(
                "cell",
                "table",
                "copy (s)",
                "set_logged (s)",
                "copy + set_logged (s)",
                "WAL by copy (MB)",
                "WAL by set_logged (MB)",
                "all-frozen after set_logged"));
    List<StepKind> both = List.of(StepKind.COPY, StepKind.SET_LOGGED);
    for (String cell : results.cells(version)) {
      String label = Markdown.text(cell);
      for (String table : results.tables(version)) {
        List<String> row = new ArrayList<>(List.of(label, table(table)));
        row.add(seconds(results.seconds(version, cell, List.of(table), List.of(StepKind.COPY))));
        row.add(
            seconds(results.seconds(version, cell, List.of(table), List.of(StepKind.SET_LOGGED))));
        row.add(seconds(results.seconds(version, cell, List.of(table), both)));
        row.add(
            median(
                version, cell, table, StepKind.COPY, Measurements::walBytes, Formats::megabytes));
        row.add(
            median(
                version,
                cell,
                table,
                StepKind.SET_LOGGED,
                Measurements::walBytes,
                Formats::megabytes));
        // SET LOGGED rewrites the table: does what FREEZE marked all-frozen stay so?
        row.add(
            median(
                version,
                cell,
                table,
                StepKind.SET_LOGGED,
                VersionSection::frozen,
                Formats::percent));
        shown.row(row);
        label = "";
      }
    }
    shown.appendTo(out);
    out.append('\n');
  }

  /** Each index built after the load, timed on its own, with its size. */
  private void indexBuilds(String version) {
    out.append("**Index builds after the load**, one at a time; size after the build. Cells that")
        .append(" create the indexes with the table pay for them in the copy.\n\n");
    Table shown = Table.of(3, List.of("cell", "table", "index", "build (s)", "size (MB)"));
    for (String cell : results.cells(version)) {
      String label = Markdown.text(cell);
      for (String table : results.tables(version)) {
        for (String index : results.objects(version, cell, table, StepKind.INDEXES)) {
          List<String> row = new ArrayList<>(List.of(label, table(table), Markdown.text(index)));
          row.add(
              seconds(
                  results.objectSample(
                      version, cell, table, StepKind.INDEXES, index, Measurements::seconds)));
          Sample size =
              results.objectSample(
                  version, cell, table, StepKind.INDEXES, index, Measurements::objectBytes);
          row.add(size.isEmpty() ? "–" : Formats.megabytes(size.summary().median()));
          shown.row(row);
          label = "";
        }
      }
    }
    shown.appendTo(out);
    out.append('\n');
  }

  private String median(
      String version,
      String cell,
      String table,
      StepKind step,
      Function<Measurements, ? extends Number> measure,
      Function<Double, String> format) {
    Sample sample = results.sample(version, cell, List.of(table), List.of(step), measure);
    if (sample.isEmpty()) {
      return sample.failed() ? "failed" : "–";
    }
    return format.apply(sample.summary().median());
  }

  /** Whether a step (any, for null) of a version measured its table's indexes (above zero). */
  private boolean anyIndexBytes(String version, StepKind step, boolean aboveZero) {
    return results.measured().stream()
        .filter(r -> r.server().equals(version) && (step == null || r.step() == step))
        .map(r -> r.measured().indexBytes())
        .anyMatch(bytes -> bytes != null && (!aboveZero || bytes > 0));
  }

  /** A cell's last step on a table, one that acted on the table as a whole. */
  private StepKind lastStep(String version, String cell, String table) {
    List<StepKind> steps = results.steps(version, cell);
    for (int i = steps.size() - 1; i > 0; i--) {
      if (results.objects(version, cell, table, steps.get(i)).isEmpty()) {
        return steps.get(i);
      }
    }
    return steps.get(0);
  }

  private static Double frozen(Measurements m) {
    if (m.pages() == null || m.frozenPages() == null || m.pages() == 0) {
      return null;
    }
    return m.frozenPages() / (double) m.pages();
  }

  private static String seconds(Sample sample) {
    if (sample.isEmpty()) {
      return sample.failed() ? "failed" : "–";
    }
    String text = Formats.stats(sample.summary());
    if (sample.partial()) {
      text = text + " n=" + sample.values().size() + "/" + sample.repetitions();
    }
    return text + Noise.flag(sample.summary());
  }

  /** A total: bold, flagged when its repetitions trend over the run. */
  private String total(Sample sample) {
    String trend = sample.isEmpty() ? "" : Noise.trend(sample);
    trended |= !trend.isEmpty();
    return bold(seconds(sample)) + trend;
  }

  private static String bold(String text) {
    return Markdown.bold(text);
  }

  /** A table's name as a cell or heading shows it. */
  private static String table(String name) {
    return Markdown.text(Formats.table(name));
  }
}
