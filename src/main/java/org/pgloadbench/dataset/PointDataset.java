package org.pgloadbench.dataset;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import org.pgloadbench.copy.RowEncoder;
import org.pgloadbench.variant.YamlName;

/**
 * A table of geometric values for GiST builds (the Crunchy Data OpenStreetMap benchmark's GiST
 * speed-up from PostgreSQL 14 to 15): {@code points (id int8, p point)} or {@code boxes (id int8, b
 * box)}, in degrees on a longitude / latitude plane.
 *
 * <ul>
 *   <li>{@code uniform}: positions uniform over [-180, 180] x [-90, 90];
 *   <li>{@code clustered}: 1,000 cluster centres (uniform), each row near one of them picked at
 *       random (normal, sigma 0.05°), like settlements on a map.
 * </ul>
 *
 * <p>The table carries a GiST index on its geometry, {@code points_p_idx} or {@code boxes_b_idx}.
 * Boxes are 1e-6..1e-3° wide and high around such a position. Coordinates are multiples of 1e-6°,
 * so text and binary COPY load the same values. Row k is a pure function of (seed, k).
 */
public final class PointDataset {
  /** Where rows lie. */
  public enum Shape implements YamlName {
    UNIFORM,
    CLUSTERED;

    public static Shape byYamlName(String name) {
      return valueOf(name.toUpperCase(Locale.ROOT));
    }
  }

  /** What a row holds. */
  public enum Geometry implements YamlName {
    POINT(table("points", "p", "point")),
    BOX(table("boxes", "b", "box"));

    private final TableDef table;

    Geometry(TableDef table) {
      this.table = table;
    }

    public TableDef table() {
      return table;
    }

    public static Geometry byYamlName(String name) {
      return valueOf(name.toUpperCase(Locale.ROOT));
    }

    /** The table, with a GiST index on its geometry column (built when the cell says). */
    private static TableDef table(String name, String column, String type) {
      return new TableDef(
          name,
          TableDef.columns("id int8 NOT NULL", column + " " + type),
          "id",
          List.of(),
          List.of(TableDef.Index.on(name, column, "gist", "")));
    }
  }

  static final int CLUSTERS = 1000;
  private static final double CLUSTER_SIGMA = 0.05;
  private static final double MICROS = 1e6;
  private static final long STREAM = 21;
  private static final long CENTRE_STREAM = 22;

  private PointDataset() {}

  /** The table of {@code rows} rows; it does not depend on the cell. */
  public static Dataset of(long rows, Shape shape, Geometry geometry, long seed) {
    return Dataset.of(
        List.of(
            GeneratedSource.table(geometry.table(), rows, () -> new Rows(seed, shape, geometry))));
  }

  private static final class Rows implements GeneratedSource.Fields {
    private final RowRandom random;
    private final Shape shape;
    private final Geometry geometry;
    private final double[] centreX = new double[CLUSTERS];
    private final double[] centreY = new double[CLUSTERS];

    Rows(long seed, Shape shape, Geometry geometry) {
      this.random = new RowRandom(seed, STREAM);
      this.shape = shape;
      this.geometry = geometry;
      RowRandom centres = new RowRandom(seed, CENTRE_STREAM);
      for (int c = 0; c < CLUSTERS; c++) {
        centres.startRow(c);
        centreX[c] = uniform(centres, 180);
        centreY[c] = uniform(centres, 90);
      }
    }

    @Override
    public void write(long index, RowEncoder encoder) {
      random.startRow(index);
      double x;
      double y;
      if (shape == Shape.UNIFORM) {
        x = uniform(random, 180);
        y = uniform(random, 90);
      } else {
        int c = random.nextInt(CLUSTERS);
        x = micros(clamp(centreX[c] + CLUSTER_SIGMA * random.nextGaussian(), 180));
        y = micros(clamp(centreY[c] + CLUSTER_SIGMA * random.nextGaussian(), 90));
      }
      encoder.int8(index + 1);
      if (geometry == Geometry.POINT) {
        encoder.point(x, y);
      } else {
        double width = random.nextLong(1, 1000) / MICROS;
        double height = random.nextLong(1, 1000) / MICROS;
        encoder.box(micros(x + width), micros(y + height), x, y);
      }
    }

    /** Uniform in [-limit, limit], a multiple of 1e-6. */
    private static double uniform(RowRandom random, int limit) {
      long micros = (long) limit * 1_000_000;
      return random.nextLong(-micros, micros) / MICROS;
    }

    private static double clamp(double value, double limit) {
      return Math.max(-limit, Math.min(limit, value));
    }

    /**
     * The nearest multiple of 1e-6, computed as k / 1e6 so that its text form parses back to it.
     */
    private static double micros(double value) {
      return Math.round(value * MICROS) / MICROS;
    }
  }

  /** Points or boxes in degrees, for GiST builds. */
  public record Spec(long rowCount, Shape shape, Geometry geometry, long seed)
      implements GeneratedSpec {
    /** The kind as scenarios name it. */
    public static final String KIND = "points";

    @Override
    public String kind() {
      return KIND;
    }

    @Override
    public Map<String, Long> rows() {
      return Map.of(geometry.table().name(), rowCount);
    }

    @Override
    public DatasetSpec scaled(double scale) {
      return new Spec(Specs.scaledRows(rowCount, scale), shape, geometry, seed);
    }

    @Override
    public Map<String, String> options() {
      Map<String, String> options = new LinkedHashMap<>();
      options.put("shape", shape.yamlName());
      options.put("geometry", geometry.yamlName());
      return options;
    }

    @Override
    public Dataset open(Path workRoot, Consumer<String> notes) {
      return PointDataset.of(rowCount, shape, geometry, seed);
    }
  }
}
