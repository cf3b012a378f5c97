package org.pgloadbench.analysis;

import org.apache.commons.math3.stat.regression.SimpleRegression;

/**
 * A straight line through points on log-log axes, time against rows: {@code log t = a + b log n}.
 * The slope b says how the time grows: 1 is linear (a constant time per row), above 1 each row
 * costs more as the table grows (an index deepening, the table outgrowing memory), below 1 fixed
 * costs still weigh. The fit is ordinary least squares on the logs, so that every point weighs
 * alike whatever its size.
 *
 * @param intercept a, in log seconds
 * @param slope b
 */
public record LogLogFit(double intercept, double slope) {

  /** The fit through {@code (rows[i], seconds[i])}; needs two distinct row counts. */
  public static LogLogFit of(double[] rows, double[] seconds) {
    int n = rows.length;
    if (n < 2 || seconds.length != n) {
      throw new IllegalArgumentException("a fit needs two points or more, as many times as rows");
    }
    SimpleRegression fit = new SimpleRegression();
    for (int i = 0; i < n; i++) {
      fit.addData(Math.log(rows[i]), Math.log(seconds[i]));
    }
    if (fit.getXSumSquares() == 0) {
      throw new IllegalArgumentException("a fit needs two different row counts");
    }
    return new LogLogFit(fit.getIntercept(), fit.getSlope());
  }

  /** The time the line gives for {@code rows}. */
  public double predict(double rows) {
    return Math.exp(intercept + slope * Math.log(rows));
  }
}
