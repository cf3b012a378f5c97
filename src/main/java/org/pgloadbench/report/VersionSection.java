package org.pgloadbench.report;

import java.util.ArrayList;
import java.util.List;
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
 * the timings of every cell and step per table, what the load left behind ({@link StorageSection}),
 * and each index built after the load.
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
    new StorageSection(results, out).render(version);
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

  static String seconds(Sample sample) {
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
  static String table(String name) {
    return Markdown.text(Formats.table(name));
  }
}
