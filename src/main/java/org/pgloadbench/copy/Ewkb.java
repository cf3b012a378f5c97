package org.pgloadbench.copy;

import java.util.Objects;

/**
 * PostGIS's extended WKB of a point or a linestring with an SRID, little-endian: what PostGIS's
 * {@code geometry_send} writes on x86 and both {@code geometry_recv} (binary COPY) and {@code
 * geometry_in} (text COPY, as hex) read. A byte 1 (little-endian), the uint32 type with the SRID
 * flag, the uint32 SRID, for a linestring the uint32 point count, then x and y of each point as
 * float8. The one place that lays it out; the encoders give it their own {@link Out}.
 */
public final class Ewkb {
  private static final int LITTLE_ENDIAN = 1;
  private static final int POINT = 1;
  private static final int LINESTRING = 2;

  /** The EWKB flag saying an SRID follows the type. */
  private static final int SRID_FLAG = 0x20000000;

  /** Byte order, type, SRID. */
  private static final int HEADER_BYTES = 1 + 4 + 4;

  /** The bytes of a point. */
  static final int POINT_BYTES = HEADER_BYTES + 16;

  private static final char[] HEX_DIGITS = "0123456789ABCDEF".toCharArray();

  private Ewkb() {}

  /**
   * Where the bytes go, each multi-byte value little-endian: byte by byte unless a writer has a
   * faster way (the COPY buffer's).
   */
  interface Out {
    void u8(int value);

    default void u32(int value) {
      for (int shift = 0; shift < 32; shift += 8) {
        u8(value >>> shift);
      }
    }

    default void f64(double value) {
      long bits = Double.doubleToLongBits(value);
      for (int shift = 0; shift < 64; shift += 8) {
        u8((int) (bits >>> shift));
      }
    }
  }

  /** The bytes as they are, into {@code buffer}: what binary COPY sends (geometry_recv reads). */
  static Out bytes(CopyBuffer buffer) {
    return new Out() {
      @Override
      public void u8(int value) {
        buffer.putByte(value);
      }

      @Override
      public void u32(int value) {
        buffer.putIntLittleEndian(value);
      }

      @Override
      public void f64(double value) {
        buffer.putLongLittleEndian(Double.doubleToLongBits(value));
      }
    };
  }

  /** Each byte as two upper-case hex digits, into {@code buffer}: what text COPY sends. */
  static Out hex(CopyBuffer buffer) {
    return new Out() {
      @Override
      public void u8(int value) {
        buffer.putHex(value, 1);
      }

      @Override
      public void u32(int value) {
        buffer.putHex(value, 4);
      }

      @Override
      public void f64(double value) {
        buffer.putHex(Double.doubleToLongBits(value), 8);
      }
    };
  }

  /** The bytes of a linestring of {@code count} points. */
  static int lineStringBytes(int count) {
    return HEADER_BYTES + 4 + 16 * count;
  }

  static void point(Out out, int srid, double x, double y) {
    out.u8(LITTLE_ENDIAN);
    out.u32(POINT | SRID_FLAG);
    out.u32(srid);
    out.f64(x);
    out.f64(y);
  }

  /** The first {@code count} points of {@code xy}: x0, y0, x1, y1, ... */
  static void lineString(Out out, int srid, double[] xy, int count) {
    Objects.checkFromIndexSize(0, 2 * count, xy.length);
    out.u8(LITTLE_ENDIAN);
    out.u32(LINESTRING | SRID_FLAG);
    out.u32(srid);
    out.u32(count);
    for (int i = 0; i < 2 * count; i++) {
      out.f64(xy[i]);
    }
  }

  /** A point's EWKB in hex, as geometry_in reads it: for a driver parameter, not for COPY. */
  public static String hexPoint(int srid, double x, double y) {
    StringBuilder hex = new StringBuilder(2 * POINT_BYTES);
    point(hexTo(hex), srid, x, y);
    return hex.toString();
  }

  /** A linestring's EWKB in hex: for a driver parameter, not for COPY. */
  public static String hexLineString(int srid, double[] xy, int count) {
    StringBuilder hex = new StringBuilder(2 * lineStringBytes(count));
    lineString(hexTo(hex), srid, xy, count);
    return hex.toString();
  }

  /** Upper-case hex, as PostGIS writes it, appended to {@code text}. */
  private static Out hexTo(StringBuilder text) {
    return value -> text.append(HEX_DIGITS[(value >>> 4) & 0xF]).append(HEX_DIGITS[value & 0xF]);
  }
}
