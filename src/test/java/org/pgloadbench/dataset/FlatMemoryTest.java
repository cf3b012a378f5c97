package org.pgloadbench.dataset;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Memory stays flat as data grows: generating and encoding ten times the rows, in a child JVM whose
 * heap is far too small to hold them, completes and peaks at about the same resident size. A
 * generator or encoder that kept rows (or grew a buffer with the data) would run out of heap, or
 * show a higher peak.
 */
class FlatMemoryTest {
  /** Small enough that 10x the rows cannot be held: 30,000 ways alone are over 20 MB encoded. */
  private static final String HEAP = "-Xmx24m";

  @Test
  void tenTimesTheRowsInTheSameMemory() throws Exception {
    long[] small = streamInChildJvm(3_000);
    long[] large = streamInChildJvm(30_000);

    assertThat(large[1]).as("bytes encoded").isGreaterThan(8 * small[1]);
    // peak RSS in kB: the heap is capped and touched up front, so only a leak outside it (or a
    // JVM that died) could move this by more than a few MB
    assertThat(large[0]).as("peak RSS kB at 10x").isLessThan(small[0] + 16 * 1024);
  }

  /** Runs {@link StreamRowsMain} in a child JVM; returns its peak RSS (kB) and bytes encoded. */
  private static long[] streamInChildJvm(long rows) throws Exception {
    String java = ProcessHandle.current().info().command().orElse("java");
    List<String> command =
        new ArrayList<>(
            List.of(
                java,
                HEAP,
                "-Xms24m",
                "-XX:+AlwaysPreTouch",
                "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1",
                "-cp",
                System.getProperty("java.class.path"),
                StreamRowsMain.class.getName(),
                Long.toString(rows)));
    Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(child.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(child.exitValue()).as(output).isZero();
    String[] words = output.strip().split("\\s+");
    int at = List.of(words).indexOf("VmHWM");
    return new long[] {Long.parseLong(words[at + 1]), Long.parseLong(words[at + 3])};
  }
}
