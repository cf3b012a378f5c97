package org.pgloadbench.report;

import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.pgloadbench.dataset.MiddleTable;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.render.Formats;
import org.pgloadbench.results.Measurements;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.results.Sample;
import org.pgloadbench.results.StoredRun;

/**
 * Whether a prediction stays within the memory its measurements ran in. A table that fits in memory
 * loads at one speed; past it, the server writes and reads through the disk, and a line fitted on
 * small tables says nothing of that regime. A scale series run against a memory cap puts the point
 * where the table outgrows memory inside the measured range; without one, the report says plainly
 * that a prediction past the machine's memory is an extrapolation across that change.
 */
final class MemoryRegime {
  private MemoryRegime() {}

  /**
   * The memory the run's servers were capped at, in bytes: the smallest cell's cap when every cell
   * ran under one (MEMORY=, servers.memory or a memory axis), else none.
   */
  static OptionalLong of(StoredRun run) {
    List<RunManifest.CellRun> cells = run.manifest().scenario().cells();
    if (cells.isEmpty() || cells.stream().anyMatch(c -> c.memoryCapBytes() == null)) {
      return OptionalLong.empty();
    }
    return OptionalLong.of(
        cells.stream().mapToLong(RunManifest.CellRun::memoryCapBytes).min().orElseThrow());
  }

  /** What the report says of the memory regime of a prediction at {@code predict}'s rows. */
  static String note(List<StoredRun> runs, Map<String, Long> predict) {
    StoredRun largest = runs.get(runs.size() - 1);
    String version = ScaleSeries.version(largest);
    double bytes = 0;
    double projected = 0;
    String biggest = null;
    for (String table : largest.tables(version)) {
      double tableBytes = 0;
      for (String cell : largest.cells(version)) {
        Sample size =
            largest.sample(
                version, cell, List.of(table), List.of(StepKind.COPY), Measurements::tableBytes);
        tableBytes = Math.max(tableBytes, size.isEmpty() ? 0 : size.values().get(0));
      }
      Long rows = ScaleSeries.rowsOf(largest).get(MiddleTable.shortName(table));
      Long target = predict.get(MiddleTable.shortName(table));
      if (tableBytes > bytes && rows != null && target != null && rows > 0) {
        bytes = tableBytes;
        projected = tableBytes / rows * target;
        biggest = MiddleTable.shortName(table);
      }
    }
    OptionalLong cap = of(largest);
    Long machine = largest.manifest().environment().memoryBytes();
    String measured =
        biggest == null
            ? ""
            : " The largest table measured, "
                + biggest
                + ", held "
                + Formats.megabytes(bytes)
                + " MB; at the predicted rows it would hold about "
                + Formats.gibibytes(projected)
                + " GiB";
    if (cap.isPresent()) {
      boolean outgrew = bytes > cap.getAsLong();
      return "**Memory:** the servers ran capped at "
          + Formats.gibibytes(cap.getAsLong())
          + " GiB."
          + measured
          + (outgrew
              ? ": the series crossed the cap inside the measured range, so the fit spans both"
                  + " regimes."
              : ": no table outgrew the cap, so the prediction past it is an extrapolation across"
                  + " a regime change; run larger scales, or a smaller cap.");
    }
    return "**Memory: no cap was set**, so every table measured here fit in this machine's "
        + (machine == null ? "memory" : Formats.gibibytes(machine) + " GiB")
        + "."
        + measured
        + (biggest == null ? "" : ".")
        + " A prediction past the machine's memory is an extrapolation across a regime change:"
        + " there the server writes and reads the table through the disk, which no point of this"
        + " fit measured, so take the predicted times as a lower bound and their ratios as a"
        + " guess. Running the series against a memory cap (MEMORY=, or servers.memory) would put"
        + " that change inside the measured range.";
  }
}
