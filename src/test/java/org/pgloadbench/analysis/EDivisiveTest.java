package org.pgloadbench.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The E-divisive change points' false-alarm rate and power, measured on seeded series: what
 * docs/history.md states.
 */
class EDivisiveTest {
  static final int SERIES = 200;
  static final int LENGTH = 30;
  static final double ALPHA = 0.05;
  static final EDivisive METHOD = new EDivisive(ALPHA, 99, 3, 1);

  /** 30 lognormal points around 100, {@code noise} their log's standard deviation. */
  static double[] series(Random random, double noise, int stepAt, double step) {
    double[] x = new double[LENGTH];
    for (int i = 0; i < LENGTH; i++) {
      x[i] = 100 * (i >= stepAt ? 1 + step : 1) * Math.exp(noise * random.nextGaussian());
    }
    return x;
  }

  @Test
  void findsAChangeInAtMostAlphaOfTheUnchangedSeries() {
    Random random = new Random(36);
    int withChange = 0;
    for (int s = 0; s < SERIES; s++) {
      if (!METHOD.changePoints(series(random, 0.10, LENGTH, 0)).isEmpty()) {
        withChange++;
      }
    }
    // seeded: 8 of 200 (4%); an exact test expects alpha, the margin two standard deviations
    assertThat(withChange / (double) SERIES).isLessThanOrEqualTo(ALPHA + 0.031);
  }

  @Test
  void findsAFivePercentStepWhereItIs() {
    Random random = new Random(35);
    int atTheStep = 0;
    int elsewhere = 0;
    for (int s = 0; s < SERIES; s++) {
      List<EDivisive.ChangePoint> found = METHOD.changePoints(series(random, 0.02, 20, 0.05));
      if (found.stream().anyMatch(c -> Math.abs(c.index() - 20) <= 1)) {
        atTheStep++;
      }
      elsewhere += (int) found.stream().filter(c -> Math.abs(c.index() - 20) > 1).count();
    }
    assertThat(atTheStep).isGreaterThanOrEqualTo(SERIES * 9 / 10);
    // seeded: 190 of 200 found at 20 ± 1, 18 change points elsewhere (a later test's alpha)
    assertThat(elsewhere).isLessThanOrEqualTo(SERIES * 3 / 20);
  }

  @Test
  void theSameSeriesGivesTheSameChangePoints() {
    double[] x = series(new Random(7), 0.02, 15, 0.05);
    assertThat(METHOD.changePoints(x)).isEqualTo(METHOD.changePoints(x.clone()));
  }

  @Test
  void aSeriesTooShortToSplitHasNone() {
    assertThat(METHOD.changePoints(new double[] {1, 2, 3, 10, 11})).isEmpty();
  }
}
