package org.pgloadbench.dataset;

import org.pgloadbench.copy.RowEncoder;

/**
 * Writes a geometry table's row, {@code (osm_id, way)}, from positions in OSM's fixed point (1e-7
 * degrees), projected into the dataset's SRID. A linestring's positions come packed, one long each
 * ({@link #pack}); one coordinate buffer is reused for every row.
 */
final class GeometryRowWriter {
  private final Srid srid;
  private double[] xy = new double[2 * 64];

  GeometryRowWriter(Srid srid) {
    this.srid = srid;
  }

  void point(long id, int lat, int lon, RowEncoder encoder) {
    encoder.int8(id);
    encoder.ewkbPoint(srid.code(), srid.x(lon), srid.y(lat));
  }

  /** A linestring of the first {@code count} positions (at least two). */
  void line(long id, long[] positions, int count, RowEncoder encoder) {
    if (xy.length < 2 * count) {
      xy = new double[Math.max(2 * count, 2 * xy.length)];
    }
    for (int i = 0; i < count; i++) {
      xy[2 * i] = srid.x(lon(positions[i]));
      xy[2 * i + 1] = srid.y(lat(positions[i]));
    }
    encoder.int8(id);
    encoder.ewkbLineString(srid.code(), xy, count);
  }

  /** A position as one long: latitude in the high half, longitude in the low one. */
  static long pack(int lat, int lon) {
    return (long) lat << 32 | (lon & 0xFFFFFFFFL);
  }

  static int lat(long position) {
    return (int) (position >> 32);
  }

  static int lon(long position) {
    return (int) position;
  }

  /**
   * Drops each position equal to the one before, in place, as osm2pgsql does when it builds a
   * linestring from a way's nodes; returns how many are left.
   */
  static int collapse(long[] positions, int count) {
    int kept = 0;
    for (int i = 0; i < count; i++) {
      if (kept == 0 || positions[i] != positions[kept - 1]) {
        positions[kept++] = positions[i];
      }
    }
    return kept;
  }
}
