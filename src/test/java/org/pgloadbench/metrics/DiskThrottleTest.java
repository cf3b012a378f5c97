package org.pgloadbench.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** What a disk throttle counted, as cgroup v1's files and v2's io.stat write it. */
class DiskThrottleTest {
  @Test
  void theCountsAreReadForTheThrottledDevice() {
    assertThat(
            DiskThrottle.v1(
                List.of("8:0 Read 5", "254:0 Read 4096", "254:0 Write 8192", "254:0 Total 12288"),
                "254:0"))
        .containsExactly(4096, 8192);
    assertThat(
            DiskThrottle.v2(
                "8:0 rbytes=1 wbytes=2 rios=3 wios=4\n"
                    + "254:0 rbytes=4096 wbytes=8192 rios=1 wios=2 dbytes=0 dios=0\n",
                "254:0"))
        .isEqualTo(new DiskThrottle.Reading(4096L, 8192L, 1L, 2L));
  }

  @Test
  void aStepsCountsAreTheDifferenceAndUnknownStaysUnknown() {
    DiskThrottle.Reading before = new DiskThrottle.Reading(10L, 20L, 1L, 2L);
    assertThat(new DiskThrottle.Reading(15L, 50L, 2L, 5L).since(before))
        .isEqualTo(new DiskThrottle.Reading(5L, 30L, 1L, 3L));
    assertThat(DiskThrottle.Reading.UNKNOWN.since(before).writtenBytes()).isNull();
  }
}
