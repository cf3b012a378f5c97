package org.pgloadbench.analysis;

/** A measured ratio with its 95% interval, as a comparison or a claim check gives it (NaN: none). */
interface RatioInterval {
  double ratio();

  double ratioLow();

  double ratioHigh();
}
