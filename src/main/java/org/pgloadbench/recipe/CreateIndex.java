package org.pgloadbench.recipe;

import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.pgloadbench.dataset.TableDef;
import org.pgloadbench.dataset.TableDef.Index;
import org.pgloadbench.variant.LoadVariant;

/**
 * Builds one secondary index after the load. The scenario's {@code indexes} step stands for one of
 * these per index of the table, so each build is timed, and stored, on its own. Where the cell
 * creates the indexes with the table ({@code indexes: now}) there is nothing left to build.
 */
record CreateIndex(Index index) implements Step {

  /** The index builds of one table in one cell, in the table's order. */
  static List<Step> of(TableDef table, LoadVariant variant) {
    if (variant.indexesNow()) {
      return List.of();
    }
    return table.indexesFor(variant).stream().<Step>map(CreateIndex::new).toList();
  }

  @Override
  public StepKind kind() {
    return StepKind.INDEXES;
  }

  @Override
  public String object() {
    return index.name();
  }

  @Override
  public long run(TableLoad load) throws SQLException {
    try (Statement statement = load.connection().createStatement()) {
      statement.execute(index.createSql(load.variant()));
    }
    return NO_ROWS;
  }
}
