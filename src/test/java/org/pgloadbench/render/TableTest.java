package org.pgloadbench.render;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class TableTest {
  @Test
  void aHiddenColumnIsLeftOutOfTheHeaderAndEveryRow() {
    Table table =
        Table.of(1, Arrays.asList("cell", null, "seconds")).row("a", null, "1.0").row("b", "2.0");

    assertThat(table.toString())
        .isEqualTo("| cell | seconds |\n| --- | ---: |\n| a | 1.0 |\n| b | 2.0 |\n");
  }

  @Test
  void aCellUnderAHiddenColumnOrAMissingOneIsRefusedNotShifted() {
    Table table = Table.of(1, Arrays.asList("cell", null, "seconds"));

    assertThatThrownBy(() -> table.row(null, "a", "1.0"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> table.row("a", null)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> table.row("a")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Table.of(1, "cell", "seconds").row("a", null))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
