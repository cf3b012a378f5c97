package org.pgloadbench.report;

import java.util.ArrayList;
import java.util.Arrays;
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
    rows(
        version,
        shown,
        at ->
            Arrays.asList(
                median(at, StepKind.COPY, Measurements::rows, Formats::count),
                // the harness's own CPU beside the wall time: how much of the machine
                // the client took
                median(at, StepKind.COPY, Measurements::seconds, Formats::significant),
                median(at, StepKind.COPY, Measurements::clientCpuSeconds, Formats::significant),
                median(at, StepKind.COPY, Measurements::walBytes, Formats::megabytes),
                median(at, StepKind.COPY, Measurements::tableBytes, Formats::megabytes),
                median(at, StepKind.COPY, StorageSection::frozen, Formats::percent),
                vacuum
                    ? median(at, StepKind.VACUUM, StorageSection::frozen, Formats::percent)
                    : null,
                duringLoad
                    ? median(at, StepKind.COPY, Measurements::indexBytes, Formats::megabytes)
                    : null,
                atEnd
                    ? median(at, lastStep(at), Measurements::indexBytes, Formats::megabytes)
                    : null));
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
    rows(
        version,
        shown,
        at ->
            List.of(
                VersionSection.seconds(at.seconds(List.of(StepKind.COPY))),
                VersionSection.seconds(at.seconds(List.of(StepKind.SET_LOGGED))),
                VersionSection.seconds(at.seconds(both)),
                median(at, StepKind.COPY, Measurements::walBytes, Formats::megabytes),
                median(at, StepKind.SET_LOGGED, Measurements::walBytes, Formats::megabytes),
                // SET LOGGED rewrites the table: does what FREEZE marked all-frozen stay so?
                median(at, StepKind.SET_LOGGED, StorageSection::frozen, Formats::percent)));
  }

  /**
   * A row per cell and table, the cell named on its first: the table, then the cell's figures on
   * that table alone.
   */
  private void rows(String version, Table shown, Function<RunCell, List<String>> figures) {
    for (RunCell cell : RunCell.of(results, version)) {
      String label = Markdown.text(cell.cell());
      for (String table : cell.tables()) {
        List<String> row = new ArrayList<>(List.of(label, VersionSection.table(table)));
        row.addAll(figures.apply(cell.table(table)));
        shown.row(row);
        label = "";
      }
    }
    page.table(shown);
  }

  /** The median of a figure of a step, formatted; "failed" or a dash without one. */
  private static String median(
      RunCell at,
      StepKind step,
      Function<Measurements, ? extends Number> measure,
      Function<Double, String> format) {
    Sample sample = at.sample(List.of(step), measure);
    return sample.isEmpty() ? VersionSection.none(sample) : format.apply(sample.median());
  }

  /** Whether a step (any, for null) of a version measured its table's indexes (above zero). */
  private boolean anyIndexBytes(String version, StepKind step, boolean aboveZero) {
    return results.measured().stream()
        .filter(r -> r.server().equals(version) && (step == null || r.step() == step))
        .map(r -> r.measured().indexBytes())
        .anyMatch(bytes -> bytes != null && (!aboveZero || bytes > 0));
  }

  /** A cell's last step on its (one) table, one that acted on the table as a whole. */
  private StepKind lastStep(RunCell at) {
    List<StepKind> steps = at.steps();
    for (int i = steps.size() - 1; i > 0; i--) {
      if (results.objects(at.version(), at.cell(), at.tables().get(0), steps.get(i)).isEmpty()) {
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
