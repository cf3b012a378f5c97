package org.pgloadbench.dataset;

import java.util.List;
import java.util.Map;
import org.pgloadbench.variant.LoadVariant;

/**
 * The tables a scenario loads, in load order, each with its rows. One implementation per dataset
 * kind; {@link DatasetSpec#open} makes it.
 */
public interface Dataset {

  /** A table to create and the rows to COPY into it. */
  record Table(RowSource rows) {
    /** The table, as its rows know it. */
    public TableDef def() {
      return rows.table();
    }
  }

  /** The tables as a cell loads them: the cell's variant may change their definitions and rows. */
  List<Table> tables(LoadVariant variant);

  /** The data's shape, for run.json and the report; empty when there is nothing to show. */
  default Map<String, Object> shape() {
    return Map.of();
  }

  /** Tables that are the same in every cell. */
  static Dataset of(List<Table> tables) {
    List<Table> copy = List.copyOf(tables);
    return variant -> copy;
  }
}
