package org.pgloadbench.estimate;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import org.pgloadbench.render.Formats;

/** How the load times of an estimate were scaled to the planned rows, said once for all loads. */
final class Scaled {
  private final long rows;
  private final Set<Long> linearFrom = new TreeSet<>();
  private final Set<Long> fittedOver = new TreeSet<>();
  private double lowest = Double.MAX_VALUE;
  private double highest = -Double.MAX_VALUE;

  Scaled(long rows) {
    this.rows = rows;
  }

  void add(LoadTimes.Scaling scaling) {
    if (scaling.fromRows().isEmpty()) {
      return;
    }
    if (Double.isNaN(scaling.slope())) {
      linearFrom.addAll(scaling.fromRows());
      return;
    }
    fittedOver.addAll(scaling.fromRows());
    lowest = Math.min(lowest, scaling.slope());
    highest = Math.max(highest, scaling.slope());
  }

  List<String> notes() {
    List<String> notes = new ArrayList<>();
    if (!linearFrom.isEmpty()) {
      notes.add(
          "load times scaled linearly by rows, from "
              + rows(linearFrom)
              + " rows stored to "
              + Formats.count(rows)
              + " planned");
    }
    if (!fittedOver.isEmpty()) {
      String slopes =
          lowest == highest
              ? String.format(Locale.ROOT, "%.2f", lowest)
              : String.format(Locale.ROOT, "%.2f to %.2f", lowest, highest);
      notes.add(
          "load times scaled to "
              + Formats.count(rows)
              + " rows planned along the log-log slope "
              + slopes
              + " (time against rows, 1 for linear) fitted over "
              + rows(fittedOver)
              + " rows stored");
    }
    return notes;
  }

  private static String rows(Set<Long> rows) {
    List<String> shown = rows.stream().map(Formats::count).toList();
    return shown.size() == 1
        ? shown.get(0)
        : String.join(", ", shown.subList(0, shown.size() - 1))
            + " and "
            + shown.get(shown.size() - 1);
  }
}
