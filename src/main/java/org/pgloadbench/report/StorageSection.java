package org.pgloadbench.report;

import java.util.List;
import java.util.function.Function;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.render.Formats;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.render.MarkdownPage;
import org.pgloadbench.render.Table;
import org.pgloadbench.results.Measurements;
import org.pgloadbench.results.Sample;
import org.pgloadbench.results.StoredRun;

/**
 * What a version's loads left behind: per cell and table the COPY's rows, time and WAL, the heap,
 * its all-frozen share and the indexes' size; for unlogged cells both halves of the load.
 */
record StorageSection(StoredRun results, MarkdownPage page) {
  /** A version's part: nothing for a version that copied nothing. */
  static void render(StoredRun results, String version, MarkdownPage page) {
    StorageSection section = new StorageSection(results, page);
    if (results.hasStep(version, StepKind.COPY)) {
      section.storage(version);
    }
    if (results.hasStep(version, StepKind.SET_LOGGED)) {
      section.unloggedHalves(version);
    }
  }

  /**
   * What the copy left behind: StepKind.COPY FREEZE shows as all-frozen, and StepKind.VACUUM then
   * has no work.
   */
  private void storage(String version) {
    boolean vacuum = results.hasStep(version, StepKind.VACUUM);
    // the indexes the load paid for as it went, and what the table ends with (the primary key
    // added later, a GIN index's pending list merged by VACUUM)
    boolean duringLoad = anyIndexBytes(version, StepKind.COPY, true);
    boolean atEnd = anyIndexBytes(version, null, false);
    Table shown =
        Table.of(
            2,
            "cell",
            "table",
            "rows",
            "copy (s)",
            "client CPU (s)",
            "WAL by copy (MB)",
            "heap (MB)",
            "all-frozen after copy",
            vacuum ? "after vacuum" : null,
            duringLoad ? "indexes after copy (MB)" : null,
            atEnd ? "indexes at the end (MB)" : null);
    for (String cell : results.cells(version)) {
      String label = Markdown.text(cell);
      for (String table : results.tables(version)) {
        Place at = new Place(version, cell, table);
        shown.row(
            label,
            VersionSection.table(table),
            median(at, StepKind.COPY, Measurements::rows, Formats::count),
            // the harness's own CPU beside the wall time: how much of the machine the client took
            median(at, StepKind.COPY, Measurements::seconds, Formats::significant),
            median(at, StepKind.COPY, Measurements::clientCpuSeconds, Formats::significant),
            median(at, StepKind.COPY, Measurements::walBytes, Formats::megabytes),
            median(at, StepKind.COPY, Measurements::tableBytes, Formats::megabytes),
            median(at, StepKind.COPY, StorageSection::frozen, Formats::percent),
            vacuum ? median(at, StepKind.VACUUM, StorageSection::frozen, Formats::percent) : null,
            duringLoad
                ? median(at, StepKind.COPY, Measurements::indexBytes, Formats::megabytes)
                : null,
            atEnd
                ? median(
                    at,
                    lastStep(version, cell, table),
                    Measurements::indexBytes,
                    Formats::megabytes)
                : null);
        label = "";
      }
    }
    page.table(shown);
  }

  /** An unlogged StepKind.COPY saves WAL that SET LOGGED then writes: both halves side by side. */
  private void unloggedHalves(String version) {
    page.block(
        "**UNLOGGED, then SET LOGGED:** the COPY into an unlogged table writes next to no WAL;"
            + " SET LOGGED then writes the whole table to it. Compare copy + set_logged with the"
            + " copy of the logged cells.");
    Table shown =
        Table.of(
            2,
            "cell",
            "table",
            "copy (s)",
            "set_logged (s)",
            "copy + set_logged (s)",
            "WAL by copy (MB)",
            "WAL by set_logged (MB)",
            "all-frozen after set_logged");
    List<StepKind> both = List.of(StepKind.COPY, StepKind.SET_LOGGED);
    for (String cell : results.cells(version)) {
      String label = Markdown.text(cell);
      for (String table : results.tables(version)) {
        Place at = new Place(version, cell, table);
        shown.row(
            label,
            VersionSection.table(table),
            seconds(at, List.of(StepKind.COPY)),
            seconds(at, List.of(StepKind.SET_LOGGED)),
            seconds(at, both),
            median(at, StepKind.COPY, Measurements::walBytes, Formats::megabytes),
            median(at, StepKind.SET_LOGGED, Measurements::walBytes, Formats::megabytes),
            // SET LOGGED rewrites the table: does what FREEZE marked all-frozen stay so?
            median(at, StepKind.SET_LOGGED, StorageSection::frozen, Formats::percent));
        label = "";
      }
    }
    page.table(shown);
  }

  private String seconds(Place at, List<StepKind> steps) {
    return VersionSection.seconds(
        results.seconds(at.version(), at.cell(), List.of(at.table()), steps));
  }

  /** One cell's table on one version, whose figures a row shows. */
  private record Place(String version, String cell, String table) {}

  /** The median of a figure of a step at a place, formatted; "failed" or a dash without one. */
  private String median(
      Place at,
      StepKind step,
      Function<Measurements, ? extends Number> measure,
      Function<Double, String> format) {
    Sample sample =
        results.sample(at.version(), at.cell(), List.of(at.table()), List.of(step), measure);
    return sample.isEmpty()
        ? VersionSection.seconds(sample)
        : format.apply(sample.summary().median());
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
}
