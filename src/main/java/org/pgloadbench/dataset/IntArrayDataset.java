package org.pgloadbench.dataset;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import org.pgloadbench.copy.RowEncoder;
import org.pgloadbench.variant.LoadVariant;
import org.pgloadbench.variant.YamlName;

/**
 * A table {@code int_arrays (id int4, a int4[])}, the shape of the pgsql-hackers "gin fast insert
 * performance" tests: every row holds an array of {@code elements} integers drawn from 1..domain.
 *
 * <ul>
 *   <li>{@code uniform}: each element uniform over the domain;
 *   <li>{@code zipf}: skewed like words in text (a few values in most rows, a long tail): the
 *       continuous Zipf law with exponent 1, value = floor((domain + 1)^u) for u uniform in [0, 1);
 *   <li>{@code identical}: every array is {1, 2, ..., elements}, the thread's first test.
 * </ul>
 *
 * <p>The table carries one GIN index on {@code a}, with the cell's fastupdate and pending list
 * limit. Row k is a pure function of (seed, k): id = k + 1, and its elements from a generator
 * seeded for that row; one int[] is reused for every row.
 */
public final class IntArrayDataset {
  public static final String TABLE_NAME = "int_arrays";
  static final String GIN_NAME = TABLE_NAME + "_a_idx";

  /** How array elements are drawn. */
  public enum Distribution implements YamlName {
    UNIFORM,
    ZIPF,
    IDENTICAL;

    public static Distribution byYamlName(String name) {
      return valueOf(name.toUpperCase(Locale.ROOT));
    }
  }

  /**
   * The GIN index on the arrays, built after the load or present during it (the {@code indexes}
   * axis), with the cell's {@code fastupdate} and {@code gin_pending_list_limit}.
   */
  static final TableDef.Index GIN =
      new TableDef.Index(GIN_NAME, IntArrayDataset::ginIndexSql, variant -> true);

  static final TableDef TABLE =
      new TableDef(
          TABLE_NAME,
          TableDef.columns("id int4 NOT NULL", "a int4[]"),
          "id",
          List.of(),
          List.of(GIN));

  static String ginIndexSql(LoadVariant variant) {
    int limit = variant.ginPendingListLimitKb();
    return String.format(
        "CREATE INDEX %s ON %s USING gin (a) WITH (fastupdate = %s%s)",
        GIN_NAME,
        TABLE_NAME,
        variant.fastupdate() ? "on" : "off",
        limit > 0 ? ", gin_pending_list_limit = " + limit : "");
  }

  private static final long STREAM = 11;

  private IntArrayDataset() {}

  private static final class Rows implements GeneratedSource.Fields {
    private final RowRandom random;
    private final int[] values;
    private final Distribution distribution;
    private final int domain;
    private final double logDomain;

    Rows(long seed, int elements, Distribution distribution, int domain) {
      this.random = new RowRandom(seed, STREAM);
      this.values = new int[elements];
      this.distribution = distribution;
      this.domain = domain;
      this.logDomain = Math.log(domain + 1.0);
      if (distribution == Distribution.IDENTICAL) {
        Arrays.setAll(values, i -> i + 1);
      }
    }

    @Override
    public void write(long index, RowEncoder encoder) {
      encoder.int4(Math.toIntExact(index + 1));
      if (distribution != Distribution.IDENTICAL) {
        random.startRow(index);
        for (int i = 0; i < values.length; i++) {
          values[i] = distribution == Distribution.UNIFORM ? 1 + random.nextInt(domain) : zipf();
        }
      }
      encoder.int4Array(values, values.length);
    }

    /** floor((domain + 1)^u), u in [0, 1): P(value <= v) = ln(v + 1) / ln(domain + 1). */
    private int zipf() {
      double u = 1 - random.nextUnitInterval(); // [0, 1)
      int value = (int) Math.exp(u * logDomain);
      return Math.max(1, Math.min(domain, value));
    }
  }

  /** The GIN fast-insert thread's table of integer arrays: the spec is the dataset. */
  public record Spec(long rowCount, int elements, Distribution distribution, int domain, long seed)
      implements GeneratedSpec, Dataset {
    /** The kind as scenarios name it. */
    public static final String KIND = "int-arrays";

    /** Checked here, not at open: the spec is the dataset, and a test may use it unopened. */
    public Spec {
      if (elements < 0 || domain < 1 || rowCount < 0) {
        throw new IllegalArgumentException(
            String.format(
                "need rows >= 0, elements >= 0, domain >= 1; got %s, %s, %s",
                rowCount, elements, domain));
      }
    }

    @Override
    public String kind() {
      return KIND;
    }

    @Override
    public Map<String, Long> rows() {
      return Map.of(IntArrayDataset.TABLE_NAME, rowCount);
    }

    @Override
    public DatasetSpec scaled(double scale) {
      return new Spec(Specs.scaledRows(rowCount, scale), elements, distribution, domain, seed);
    }

    @Override
    public Map<String, String> options() {
      Map<String, String> options = new LinkedHashMap<>();
      options.put("elements", String.valueOf(elements));
      options.put("distribution", distribution.yamlName());
      options.put("domain", String.valueOf(domain));
      return options;
    }

    @Override
    public Dataset open(Path workRoot, Consumer<String> notes) {
      return this;
    }

    /** The table; it does not depend on the cell. */
    @Override
    public List<Table> tables(LoadVariant variant) {
      return List.of(
          GeneratedSource.table(
              TABLE, rowCount, () -> new Rows(seed, elements, distribution, domain)));
    }
  }
}
