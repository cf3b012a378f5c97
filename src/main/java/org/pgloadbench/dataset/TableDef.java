package org.pgloadbench.dataset;

import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;
import org.pgloadbench.variant.LoadVariant;

/**
 * A table a dataset loads: its name, its columns in COPY order, its primary key (null for none,
 * like pgbench_history) and its secondary indexes. The DDL is derived from the same column list the
 * row source writes, so the two cannot drift.
 *
 * @param functions statements run before CREATE TABLE, creating the functions its indexes call
 *     (each a {@code CREATE OR REPLACE FUNCTION}, so running them twice is harmless)
 * @param indexes every secondary index the table may have; a cell builds those that apply to it
 */
public record TableDef(
    String name,
    List<Column> columns,
    String primaryKey,
    List<String> functions,
    List<Index> indexes) {

  public record Column(String name, String type) {}

  /** Columns as SQL defines them, the name then the type: {@code "id int8 NOT NULL"}. */
  static List<Column> columns(String... definitions) {
    return Arrays.stream(definitions)
        .map(d -> new Column(d.substring(0, d.indexOf(' ')), d.substring(d.indexOf(' ') + 1)))
        .toList();
  }

  /**
   * A secondary index: the name results give it, its {@code CREATE INDEX} statement for a cell
   * (storage parameters may follow the cell's axes, e.g. GIN's fastupdate), and the cells that
   * build it (e.g. the bucketed GIN index on the ways only where {@code ways_index: bucket}).
   */
  public record Index(
      String name, Function<LoadVariant, String> sql, Predicate<LoadVariant> appliesTo) {
    public Index(String name, String createSql, Predicate<LoadVariant> appliesTo) {
      this(name, variant -> createSql, appliesTo);
    }

    public Index(String name, String createSql) {
      this(name, createSql, variant -> true);
    }

    /**
     * {@code <table>_<column>_idx}, built by {@code method} on the column, then {@code with}: empty
     * or its storage parameters ({@code " WITH (fillfactor = 100)"}).
     */
    static Index on(String table, String column, String method, String with) {
      String name = table + "_" + column + "_idx";
      return new Index(
          name,
          String.format(
              "CREATE INDEX %s ON %s USING %s (%s)%s", name, table, method, column, with));
    }

    /** The CREATE INDEX statement in a cell of {@code variant}. */
    public String createSql(LoadVariant variant) {
      return sql.apply(variant);
    }
  }

  public TableDef {
    columns = List.copyOf(columns);
    functions = List.copyOf(functions);
    indexes = List.copyOf(indexes);
  }

  /** A table without secondary indexes. */
  public TableDef(String name, List<Column> columns, String primaryKey) {
    this(name, columns, primaryKey, List.of(), List.of());
  }

  /** The secondary indexes a cell builds, in the order they are built. */
  public List<Index> indexesFor(LoadVariant variant) {
    return indexes.stream().filter(index -> index.appliesTo().test(variant)).toList();
  }

  /**
   * CREATE TABLE, with the primary key inline or without it (added later by {@link
   * #addPrimaryKeySql}).
   */
  public String createSql(boolean withPrimaryKey, boolean unlogged) {
    List<String> definitions = columns.stream().map(c -> c.name() + " " + c.type()).toList();
    String key = withPrimaryKey && primaryKey != null ? ", PRIMARY KEY (" + primaryKey + ")" : "";
    String create = unlogged ? "CREATE UNLOGGED TABLE " : "CREATE TABLE ";
    return create + name + " (" + String.join(", ", definitions) + key + ")";
  }

  public String addPrimaryKeySql() {
    return "ALTER TABLE " + name + " ADD PRIMARY KEY (" + primaryKey + ")";
  }

  /** The column list of COPY, in the order the row source writes the fields. */
  public String columnList() {
    return String.join(", ", columns.stream().map(Column::name).toList());
  }
}
