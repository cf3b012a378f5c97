package org.pgloadbench.report;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.render.Formats;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.render.MarkdownPage;
import org.pgloadbench.render.Section;
import org.pgloadbench.render.Table;
import org.pgloadbench.results.Measurements;
import org.pgloadbench.results.Sample;
import org.pgloadbench.results.StoredRun;

/**
 * Index builds after the load, one row per cell and index, one column per version: the build time
 * (median, min–max) and the index size side by side, as the Crunchy Data OSM benchmark post
 * compares GiST builds across versions. Shown when a run built indexes on more than one version.
 */
final class IndexBuildsByVersion implements Section<ReportedRun> {
  /** An index a cell built on a table after the load. */
  record Row(String cell, String table, String index) {
    /** The indexes a version's cells built, in cell and table order. */
    static List<Row> of(StoredRun results, String version) {
      List<Row> rows = new ArrayList<>();
      for (String cell : results.cells(version)) {
        for (String table : results.tables(version)) {
          results.objects(version, cell, table, StepKind.INDEXES).stream()
              .map(index -> new Row(cell, table, index))
              .forEach(rows::add);
        }
      }
      return rows;
    }

    Sample sample(StoredRun results, String version, Function<Measurements, ? extends Number> m) {
      return results.objectSample(version, cell, table, StepKind.INDEXES, index, m);
    }
  }

  @Override
  public boolean applies(ReportedRun run) {
    StoredRun results = run.results();
    return results.versions().size() > 1
        && results.versions().stream().anyMatch(v -> results.hasStep(v, StepKind.INDEXES));
  }

  @Override
  public void render(ReportedRun run, MarkdownPage page) {
    StoredRun results = run.results();
    List<String> versions = results.versions();
    Set<Row> rows = new LinkedHashSet<>();
    versions.forEach(version -> rows.addAll(Row.of(results, version)));
    List<String> header = new ArrayList<>(List.of("cell", "index"));
    versions.forEach(v -> header.add(Markdown.text(v) + " build (s)"));
    versions.forEach(v -> header.add(Markdown.text(v) + " size (MB)"));
    Table table = Table.of(2, header);
    for (Row row : rows) {
      List<String> cells =
          new ArrayList<>(List.of(Markdown.text(row.cell()), Markdown.text(row.index())));
      for (String v : versions) {
        Sample s = row.sample(results, v, Measurements::seconds);
        cells.add(s.isEmpty() ? "–" : Formats.stats(s.summary()));
      }
      for (String v : versions) {
        Sample s = row.sample(results, v, Measurements::objectBytes);
        cells.add(s.isEmpty() ? "–" : Formats.megabytes(s.summary().median()));
      }
      table.row(cells);
    }
    page.heading(2, "Index builds per version")
        .block("Build seconds, median (min–max), and size in MB after the build.")
        .table(table);
  }
}
