package org.pgloadbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The rounds overhead alternates its contenders in: warm-up ones first, each order rotated. */
class RoundsTest {
  @Test
  void warmUpRoundsComeFirstAndEveryRoundLoadsEachItemOnceInARotatedOrder() throws Exception {
    List<String> loads = new ArrayList<>();
    new Rounds(1, 3).run(List.of("a", "b", "c"), (item, round) -> loads.add(round + item));

    assertThat(loads)
        .containsExactly("0c", "0a", "0b", "1a", "1b", "1c", "2b", "2c", "2a", "3c", "3a", "3b");
    assertThat(Rounds.measured(0)).isFalse();
    assertThat(Rounds.measured(1)).isTrue();
  }

  @Test
  void roundOneKeepsTheOrderGivenAsAPlanRoundDoes() {
    assertThat(Rounds.order(List.of(1, 2, 3, 4), 1)).containsExactly(1, 2, 3, 4);
    assertThat(Rounds.order(List.of(1, 2, 3, 4), 6)).containsExactly(2, 3, 4, 1);
  }
}
