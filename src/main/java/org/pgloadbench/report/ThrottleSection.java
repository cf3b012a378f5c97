package org.pgloadbench.report;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.pgloadbench.analysis.EscapedWrites;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.render.Formats;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.render.MarkdownPage;
import org.pgloadbench.render.Table;
import org.pgloadbench.results.Measurements;
import org.pgloadbench.results.RunManifest.CellRun;
import org.pgloadbench.results.StoredRun;
import org.pgloadbench.variant.DiskLimit;

/**
 * What the throttle saw, under "Where the time goes", for servers whose disk was limited: per step,
 * the bytes and operations the throttle let through, the least time they take at the limit, and
 * what the server's processes wrote beside them, of which what escaped the throttle (under cgroup
 * v1 the kernel's writeback of buffered writes is charged to the root cgroup and passes none).
 */
final class ThrottleSection {
  private ThrottleSection() {}

  /** Whether any step of the run was counted by a throttle (runs before disk limits had none). */
  static boolean applies(StoredRun results) {
    return results.measured().stream().anyMatch(s -> s.measured().throttledWrittenBytes() != null);
  }

  /** The disk limit of a cell's servers, from run.json; empty for none. */
  static Optional<DiskLimit> limit(StoredRun results, String cell) {
    return results.manifest().scenario().cells().stream()
        .filter(c -> c.label().equals(cell) && c.disk() != null)
        .map(CellRun::disk)
        .findFirst()
        .flatMap(DiskLimit::parse);
  }

  /**
   * The least time the I/O the throttle let through in these steps takes at the cell's limit
   * (medians over repetitions, tables summed); NaN for a cell whose disk was not limited.
   */
  static double leastSeconds(RunCell c, Collection<StepKind> steps) {
    Optional<DiskLimit> limit = limit(c.results(), c.cell());
    if (limit.isEmpty()) {
      return Double.NaN;
    }
    double written = c.median(steps, Measurements::throttledWrittenBytes);
    if (Double.isNaN(written)) {
      return Double.NaN;
    }
    return limit
        .get()
        .leastSeconds(
            c.median(steps, Measurements::throttledReadBytes),
            written,
            c.median(steps, Measurements::throttledReads),
            c.median(steps, Measurements::throttledWrites));
  }

  /**
   * One row: the figures of these steps, tables summed, medians over repetitions; null where the
   * throttle counted none of them. Escaped bytes are the server's written bytes less the throttle's
   * over all the steps, so that what one step left dirty and a later one synced cancels.
   */
  private static List<String> row(RunCell c, List<StepKind> steps, String label, DiskLimit limit) {
    double written = c.median(steps, Measurements::throttledWrittenBytes);
    if (Double.isNaN(written)) {
      return null;
    }
    double serverWritten = c.median(steps, Measurements::serverWrittenBytes);
    double share = EscapedWrites.share(serverWritten, written);
    double escaped = Double.isNaN(share) ? Double.NaN : share * serverWritten;
    return List.of(
        Markdown.text(c.version()),
        Markdown.text(c.cell()),
        label,
        Markdown.code(limit.text()),
        Formats.orDash(c.median(steps, Measurements::seconds), Formats::significant),
        Formats.orDash(leastSeconds(c, steps), Formats::significant),
        Formats.orDash(c.median(steps, Measurements::throttledReadBytes), Formats::megabytes),
        Formats.megabytes(written),
        Formats.orDash(c.median(steps, Measurements::throttledReads), Formats::count),
        Formats.orDash(c.median(steps, Measurements::throttledWrites), Formats::count),
        Formats.orDash(serverWritten, Formats::megabytes),
        Formats.orDash(escaped, Formats::megabytes)
            + (Double.isNaN(share) ? "" : " (" + Formats.percent(share) + ")"));
  }

  static void render(StoredRun results, MarkdownPage page) {
    if (!applies(results)) {
      return;
    }
    Table table =
        Table.aligned(
            "llllrrrrrrrr",
            "server",
            "cell",
            "step",
            "disk limit",
            "wall s",
            "at the limit s",
            "throttled read MB",
            "throttled written MB",
            "reads",
            "writes",
            "server written MB",
            "escaped MB");
    for (RunCell c : RunCell.of(results)) {
      Optional<DiskLimit> limit = limit(results, c.cell());
      if (limit.isEmpty()) {
        continue;
      }
      c.stepsThenTotal(
          (label, steps) -> {
            List<String> row = row(c, steps, label, limit.get());
            if (row != null) {
              table.row(row);
            }
          });
    }
    if (table.isEmpty()) {
      return;
    }
    page.block(
            "What the disk throttle saw, on servers whose disk was limited (a cgroup's throttle on"
                + " the block device holding the data directory; medians over repetitions, tables"
                + " summed): the bytes and operations it let through, the least time they take at"
                + " the limit, and what the server's processes wrote beside them. *Escaped* is"
                + " what they wrote that passed no throttle: under cgroup v1 the kernel's writeback"
                + " of buffered writes is charged to the root cgroup, so a step that leaves dirty"
                + " pages to the kernel is not held by the limit for them (an fsync the server"
                + " calls itself is). Bytes one step left dirty may pass the throttle in a later"
                + " one (the CHECKPOINT's fsyncs), so a step's escaped bytes are what it did not"
                + " wait for, and the total's, what escaped the load. Under cgroup v2 the throttle"
                + " covers writeback too. A server with `io=direct` in its limit ran with"
                + " debug_io_direct = 'data,wal': its data files and WAL bypass the page cache,"
                + " so its own processes write them, through the throttle, and its cache is"
                + " shared_buffers alone. Where more than "
                + Math.round(EscapedWrites.MAX_SHARE * 100)
                + "% of a cell's load escaped (its total row), its verdicts and claim sizes are"
                + " not judged.")
        .table(table);
  }
}
