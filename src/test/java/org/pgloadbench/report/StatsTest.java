package org.pgloadbench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class StatsTest {
  @Test
  void oddCountTakesMiddleValue() {
    assertThat(Stats.of(List.of(9.0, 1.0, 2.0))).isEqualTo(new Stats(2.0, 1.0, 9.0, 3));
  }

  @Test
  void evenCountTakesMeanOfMiddleTwo() {
    assertThat(Stats.of(List.of(4.0, 1.0, 10.0, 2.0))).isEqualTo(new Stats(3.0, 1.0, 10.0, 4));
  }

  @Test
  void singleValueIsItsOwnMedian() {
    assertThat(Stats.of(List.of(1.5))).isEqualTo(new Stats(1.5, 1.5, 1.5, 1));
  }

  @Test
  void noValuesHaveNoStatistics() {
    assertThatThrownBy(() -> Stats.of(List.of())).isInstanceOf(IllegalArgumentException.class);
  }
}
