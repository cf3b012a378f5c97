package org.pgloadbench.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class VersionsTest {
  @Test
  void ordersByNumbersNotText() {
    List<String> versions = List.of("17.6", "9.6.24", "10.1", "16.10", "16.9", "9.6");
    assertThat(versions.stream().sorted(Versions.ORDER).toList())
        .containsExactly("9.6", "9.6.24", "10.1", "16.9", "16.10", "17.6");
  }

  @Test
  void theMajorVersionIsTheFirstNumber() {
    assertThat(Versions.major("17.6.0")).isEqualTo(17);
    assertThat(Versions.major("18beta1")).isEqualTo(18);
  }
}
