package org.pgloadbench.render;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.pgloadbench.results.Summary;

class FormatsTest {
  @Test
  void secondsKeepThreeSignificantDigits() {
    assertThat(Formats.significant(0.012345)).isEqualTo("0.0123");
    assertThat(Formats.significant(0.4561)).isEqualTo("0.456");
    assertThat(Formats.significant(1.2)).isEqualTo("1.20");
    assertThat(Formats.significant(12.34)).isEqualTo("12.3");
    assertThat(Formats.significant(99.97)).isEqualTo("100");
    assertThat(Formats.significant(123.4)).isEqualTo("123");
    assertThat(Formats.significant(1234.5)).isEqualTo("1235");
    assertThat(Formats.significant(0)).isEqualTo("0");
  }

  @Test
  void statsShowRangeOnlyForSeveralValues() {
    assertThat(Formats.stats(Summary.of(1.2, 1.23, 1.31))).isEqualTo("1.23 (1.20–1.31)");
    assertThat(Formats.stats(Summary.of(1.23))).isEqualTo("1.23");
  }

  @Test
  void onlyExactlyAllOrNothingShowsAsWholePercent() {
    assertThat(Formats.percent(1)).isEqualTo("100%");
    assertThat(Formats.percent(0)).isEqualTo("0%");
    assertThat(Formats.percent(0.9999)).isEqualTo("99.9%");
    assertThat(Formats.percent(0.375)).isEqualTo("37.5%");
  }

  @Test
  void osm2pgsqlTablesLoseTheirPrefix() {
    assertThat(Formats.table("planet_osm_nodes")).isEqualTo("nodes");
    assertThat(Formats.table("items")).isEqualTo("items");
  }
}
