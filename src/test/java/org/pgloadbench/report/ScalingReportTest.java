package org.pgloadbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.report.ScalingReport.Point;
import org.pgloadbench.results.Measurements;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.StepKey;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.results.TestSteps;

/** Time against rows, from run directories written the way the harness writes them. */
class ScalingReportTest {
  @TempDir Path dir;

  private static StepResult step(int rep, String step, double seconds, Long rows) {
    return TestSteps.ok("17.6", "binary", Map.of(), rep, "planet_osm_ways", step, seconds, rows);
  }

  /** A run of {@code rows} ways whose COPY takes 2 µs per row (plus {@code extra} in rep 2). */
  private Path run(String name, long rows, double extra, Long peakRssKb) throws Exception {
    Path run = dir.resolve(name);
    try (ResultStore store = ResultStore.create(run, List.of("format"))) {
      for (int rep = 0; rep <= 3; rep++) { // repetition 0 is the warm-up
        store.append(step(rep, "create", 0.01, null));
        store.append(step(rep, "copy", rows * 2e-6 + (rep == 2 ? extra : 0), rows));
      }
    }
    if (peakRssKb != null) {
      Files.writeString(run.resolve(ScalingReport.PEAK_RSS_FILE), peakRssKb + "\n");
    }
    return run;
  }

  @Test
  void onePointPerRunWithTheMedianOfTheRepetitions() throws Exception {
    Path small = run("small", 100_000, 5, 140_000L);
    Path large = run("large", 1_000_000, 0, null);
    Path md = ScalingReport.write(List.of(large, small), dir.resolve("report"), Map.of());

    String text = Files.readString(md);
    assertThat(text).startsWith("# Time against rows: scenario on PostgreSQL 17.6");
    // sorted by rows; the slow repetition 2 of the small run is not its median
    assertThat(text)
        .contains("| binary | 100,000 | 0.200 | 2.000 | 0.210 | 2.100 | 137 |")
        .contains("| binary | 1,000,000 | 2.000 | 2.000 | 2.010 | 2.010 | – |");
    assertThat(text.indexOf("100,000 |")).isLessThan(text.indexOf("1,000,000 |"));
    assertThat(ImageIO.read(dir.resolve("report/scaling.png").toFile()).getWidth()).isEqualTo(900);
  }

  @Test
  void aRepetitionWithAFailedStepIsLeftOutOfTheLoadButNotItsCopy() {
    List<StepResult> steps =
        List.of(
            step(1, "copy", 1.0, 1000L),
            step(1, "analyze", 0.5, null),
            step(2, "copy", 1.2, 1000L),
            StepResult.failed(
                "run",
                "ways",
                new StepKey("17.6", "binary", 2, "t", StepKind.named("analyze"), null),
                Map.of(),
                Measurements.timed(9).build(),
                "x"),
            step(3, "copy", 1.4, 1000L),
            step(3, "analyze", 0.5, null));
    List<Point> points = ScalingReport.points(steps, null);
    assertThat(points).hasSize(1);
    assertThat(points.get(0).copySeconds()).isEqualTo(1.2);
    assertThat(points.get(0).loadSeconds()).isEqualTo(1.7); // median of 1.5 and 1.9
  }
}
