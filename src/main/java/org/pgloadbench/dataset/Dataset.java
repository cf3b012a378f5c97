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
    return switch (spec.kind()) {
      case DatasetSpec.OSM_SYNTHETIC -> osmSynthetic(spec);
      case DatasetSpec.INT_ARRAYS ->
          new IntArrayDataset(
              spec.rows().get(IntArrayDataset.TABLE_NAME),
              Integer.parseInt(spec.option("elements")),
              IntArrayDataset.Distribution.byYamlName(spec.option("distribution")),
              Integer.parseInt(spec.option("domain")),
              spec.seed());
      case DatasetSpec.POINTS -> {
        PointDataset.Geometry geometry = PointDataset.Geometry.byYamlName(spec.option("geometry"));
        yield new PointDataset(
            spec.rows().get(geometry.table().name()),
            PointDataset.Shape.byYamlName(spec.option("shape")),
            geometry,
            spec.seed());
      }
      case DatasetSpec.PGBENCH -> new PgbenchDataset(spec.rows().get("pgbench_accounts"));
      default -> throw new IllegalArgumentException("unknown dataset kind " + spec.kind());
    };
  }

  private static Dataset osmSynthetic(DatasetSpec spec) {
    OsmSyntheticDataset osm = new OsmSyntheticDataset(spec.rows(), spec.seed());
    List<Table> tables =
        spec.tables().stream()
            .map(MiddleTable::byYamlName)
            .map(t -> new Table(t.tableDef(), osm.source(t)))
            .toList();
    return () -> tables;
  }
}
