package org.pgloadbench.dataset;

import java.util.Arrays;
import java.util.List;

/**
 * The spatial reference systems osm2pgsql writes geometries in, and how a position in OSM's fixed
 * point (1e-7 degrees) becomes coordinates in each.
 */
public enum Srid {
  /** Longitude and latitude in degrees (osm2pgsql's {@code --latlong}). */
  WGS84(4326),
  /** Spherical (web) Mercator in metres, osm2pgsql's default. */
  WEB_MERCATOR(3857);

  private static final double FIXED_POINT = 1e7;
  private static final double EARTH_RADIUS = 6378137;

  /** Where Mercator's square world ends, as osmium clamps latitudes. */
  private static final double MAX_MERCATOR_LATITUDE = 85.0511288;

  private final int code;

  Srid(int code) {
    this.code = code;
  }

  /** The EPSG code PostGIS stores, e.g. 3857. */
  public int code() {
    return code;
  }

  /** The codes a scenario may give, default first. */
  public static List<Integer> codes() {
    return List.of(WEB_MERCATOR.code, WGS84.code);
  }

  public static Srid of(int code) {
    return Arrays.stream(values())
        .filter(s -> s.code == code)
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no SRID " + code + "; use " + codes()));
  }

  /** x of a longitude in 1e-7 degrees: the degrees as osmium computes them, or metres east. */
  double x(int lon) {
    double degrees = lon / FIXED_POINT;
    return this == WGS84 ? degrees : EARTH_RADIUS * Math.toRadians(degrees);
  }

  /**
   * y of a latitude in 1e-7 degrees. Mercator's is the exact formula; osmium (so osm2pgsql) uses a
   * polynomial approximation of it within ±78°.
   */
  double y(int lat) {
    double degrees = lat / FIXED_POINT;
    if (this == WGS84) {
      return degrees;
    }
    double clamped = Math.max(-MAX_MERCATOR_LATITUDE, Math.min(MAX_MERCATOR_LATITUDE, degrees));
    // StrictMath: the same bits on every JVM, so a seed gives the same rows everywhere
    return EARTH_RADIUS * StrictMath.log(StrictMath.tan(Math.PI / 4 + Math.toRadians(clamped) / 2));
  }
}
