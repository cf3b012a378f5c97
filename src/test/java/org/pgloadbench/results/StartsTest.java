package org.pgloadbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StartsTest {
  private static final Starts FIVE_OF_TWO = new Starts(List.of(3, 5, 7, 9));

  @Test
  void startsGroupTheirRounds() {
    assertThat(FIVE_OF_TWO.of(1)).isZero();
    assertThat(FIVE_OF_TWO.of(2)).isZero();
    assertThat(FIVE_OF_TWO.of(3)).isEqualTo(1);
    assertThat(FIVE_OF_TWO.of(10)).isEqualTo(4);
    assertThat(FIVE_OF_TWO.group(new java.util.TreeMap<>(Map.of(1, 1.0, 2, 2.0, 4, 3.0))))
        .containsExactly(List.of(1.0, 2.0), List.of(3.0));
    assertThat(Starts.ONE.several()).isFalse();
  }

}
