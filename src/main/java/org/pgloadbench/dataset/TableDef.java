package org.pgloadbench.dataset;

import java.util.List;

/**
 * A table a dataset loads: its name, its columns in COPY order and its primary key (null for a
 * table without one). The DDL is derived from the same column list the row source writes, so the
 * two cannot drift.
 */
public record TableDef(String name, List<Column> columns, String primaryKey) {

  public record Column(String name, String type) {}

  public TableDef {
    columns = List.copyOf(columns);
  }

  /**
   * CREATE TABLE, with the primary key inline or without it (added later by {@link
   * #addPrimaryKeySql}).
   */
  public String createSql(boolean withPrimaryKey, boolean unlogged) {
    StringBuilder sql = new StringBuilder(unlogged ? "CREATE UNLOGGED TABLE " : "CREATE TABLE ");
    sql.append(name).append(" (");
    for (int i = 0; i < columns.size(); i++) {
      Column c = columns.get(i);
      sql.append(i == 0 ? "" : ", ").append(c.name()).append(' ').append(c.type());
    }
    if (withPrimaryKey && primaryKey != null) {
      sql.append(", PRIMARY KEY (").append(primaryKey).append(')');
    }
    return sql.append(')').toString();
  }

  public String addPrimaryKeySql() {
    return "ALTER TABLE " + name + " ADD PRIMARY KEY (" + primaryKey + ")";
  }

  /** The column list of COPY, in the order the row source writes the fields. */
  public String columnList() {
    return String.join(", ", columns.stream().map(Column::name).toList());
  }
}
