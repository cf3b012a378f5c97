package org.pgloadbench.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HistoryPointTest {
  private static HistoryPoint point(int run, String server, double seconds) {
    return new HistoryPoint(
        new Series.Key("m1", server, "as-pgbench", "copy"),
        new HistoryPoint.Run("key-" + run, "run-" + run, Instant.ofEpochSecond(run)),
        seconds,
        Map.of(HistoryPoint.POSTGRESQL, server + " 15.18"));
  }

  @Test
  void aServerAgainstTheBaseOfItsOwnRunCancelsWhatSlowsTheMachine() {
    List<HistoryPoint> points = new ArrayList<>();
    for (int run = 1; run <= 4; run++) {
      double machine = run == 3 ? 1.5 : 1; // a busy machine in run 3 slows both servers
      points.add(point(run, "head", 2 * machine));
      points.add(point(run, "patch", (run == 4 ? 2.4 : 2) * machine));
    }
    points.add(point(5, "patch", 9)); // a run without the base: left out

    List<HistoryPoint> ratios = HistoryPoint.against(points, "head");

    assertThat(ratios).extracting(p -> p.series().server()).containsOnly("patch ÷ head");
    assertThat(ratios).extracting(HistoryPoint::seconds).containsExactly(1.0, 1.0, 1.0, 1.2);
    assertThat(ratios).extracting(p -> p.run().id()).containsExactly("run-1", "run-2", "run-3", "run-4");
    // what either server ran with, so that a change in the base's build shows too
    assertThat(ratios.get(0).context())
        .containsEntry(HistoryPoint.POSTGRESQL, "patch 15.18")
        .containsEntry("head: " + HistoryPoint.POSTGRESQL, "head 15.18");
  }
}
