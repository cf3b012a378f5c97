package org.pgloadbench.recipe;

import java.sql.Connection;
import java.util.List;
import org.pgloadbench.dataset.RowSource;
import org.pgloadbench.dataset.TableDef;
import org.pgloadbench.variant.LoadVariant;

/**
 * What a step works on: one table of one cell's load, with the repetition's connections (opened by
 * the runner before the clock starts: as many as the cell's load connections, the first being the
 * one every other step uses).
 */
public record TableLoad(
    TableDef table, RowSource rows, LoadVariant variant, List<Connection> connections) {

  public TableLoad {
    connections = List.copyOf(connections);
  }

  public Connection connection() {
    return connections.get(0);
  }
}
