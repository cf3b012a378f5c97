package org.pgloadbench.jmh;

import org.pgloadbench.copy.RowEncoder;

/**
 * An encoder that encodes nothing: it folds each value into a checksum as cheaply as it can, so a
 * benchmark through it measures the row generator alone.
 */
final class DiscardingEncoder implements RowEncoder {
  long checksum;

  @Override
  public void beginRow(int fieldCount) {
    checksum += fieldCount;
  }

  @Override
  public void int4Array(int[] values, int count) {
    checksum += count == 0 ? 0 : values[count - 1] + count;
  }

  @Override
  public void point(double x, double y) {
    checksum += Double.doubleToRawLongBits(x) ^ Double.doubleToRawLongBits(y);
  }

  @Override
  public void ewkbPoint(int srid, double x, double y) {
    checksum += srid + Double.doubleToRawLongBits(x) ^ Double.doubleToRawLongBits(y);
  }

  @Override
  public void ewkbLineString(int srid, double[] xy, int count) {
    checksum += count == 0 ? srid : Double.doubleToRawLongBits(xy[2 * count - 1]) + count;
  }

  @Override
  public void box(double highX, double highY, double lowX, double lowY) {
    checksum += Double.doubleToRawLongBits(highX) ^ Double.doubleToRawLongBits(lowY);
  }

  @Override
  public void int2(short value) {
    checksum += value;
  }

  @Override
  public void textArray(CharSequence[] values, int count) {
    checksum += count == 0 ? 0 : values[count - 1].length() + count;
  }

  @Override
  public void int4(int value) {
    checksum += value;
  }

  @Override
  public void int8(long value) {
    checksum += value;
  }

  @Override
  public void int8Array(long[] values, int count) {
    checksum += count == 0 ? 0 : values[count - 1] + count;
  }

  @Override
  public void jsonb(CharSequence json) {
    checksum += json.length();
  }

  @Override
  public void text(CharSequence value) {
    checksum += value.length();
  }

  @Override
  public void nullValue() {
    checksum++;
  }

  @Override
  public void endRow() {}

  @Override
  public void finish() {}
}
