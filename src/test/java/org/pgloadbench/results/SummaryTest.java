package org.pgloadbench.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class SummaryTest {

  @Test
  void describesASample() {
    Summary s = Summary.of(2, 4, 4, 4, 5, 5, 7, 9);
    assertThat(s.n()).isEqualTo(8);
    assertThat(s.median()).isEqualTo(4.5);
    assertThat(s.mean()).isEqualTo(5);
    // sample standard deviation: sqrt(32 / 7)
    assertThat(s.sd()).isCloseTo(Math.sqrt(32.0 / 7), within(1e-12));
    assertThat(s.min()).isEqualTo(2);
    assertThat(s.max()).isEqualTo(9);
    assertThat(s.cv()).isCloseTo(Math.sqrt(32.0 / 7) / 5, within(1e-12));
  }

  @Test
  void theMedianIntervalHoldsTheMedianAndIsReproducible() {
    double[] values = {1.02, 0.98, 1.10, 1.01, 0.97, 1.30, 1.00};
    Summary a = Summary.of(values);
    Summary b = Summary.of(values);
    assertThat(a.ciLow()).isEqualTo(b.ciLow());
    assertThat(a.ciHigh()).isEqualTo(b.ciHigh());
    assertThat(a.ciLow()).isLessThanOrEqualTo(a.median()).isGreaterThanOrEqualTo(a.min());
    assertThat(a.ciHigh()).isGreaterThanOrEqualTo(a.median()).isLessThanOrEqualTo(a.max());
    // the outlier 1.30 is outside: a median's interval is robust to it
    assertThat(a.ciHigh()).isLessThan(1.30);
  }

  @Test
  void oneValueHasNoSpreadAndNoInterval() {
    Summary s = Summary.of(3.5);
    assertThat(s.median()).isEqualTo(3.5);
    assertThat(s.sd()).isZero();
    assertThat(s.ciLow()).isNaN();
    assertThat(s.ciHigh()).isNaN();
  }

  @Test
  void anEmptySampleIsAnError() {
    assertThatThrownBy(() -> Summary.of(new double[0]))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
