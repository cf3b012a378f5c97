package org.pgloadbench.dataset;

import java.util.List;
import org.pgloadbench.scenario.DatasetSpec;

/**
 * The tables a scenario loads, in load order, each with its rows. One implementation per dataset
 * kind.
 */
public interface Dataset {

  /** A table to create and the rows to COPY into it. */
  record Table(TableDef def, RowSource rows) {}

  List<Table> tables();

  /** The dataset a scenario describes; its kind was validated when the scenario was loaded. */
  static Dataset of(DatasetSpec spec) {
    if (!spec.kind().equals(DatasetSpec.OSM_SYNTHETIC)) {
      throw new IllegalArgumentException("unknown dataset kind " + spec.kind());
    }
    OsmSyntheticDataset osm = new OsmSyntheticDataset(spec.rows(), spec.seed());
    List<Table> tables =
        spec.tables().stream()
            .map(MiddleTable::byYamlName)
            .map(t -> new Table(t.tableDef(), osm.source(t)))
            .toList();
    return () -> tables;
  }
}
