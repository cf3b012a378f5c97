package org.pgloadbench.dataset;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.pgloadbench.scenario.DatasetSpec;
import org.pgloadbench.scenario.LoadVariant;
import org.pgloadbench.scenario.ScenarioException;
import org.pgloadbench.server.ServerException;
import org.pgloadbench.server.WorkRoot;

/**
 * The tables a scenario loads, in load order, each with its rows. One implementation per dataset
 * kind.
 */
public interface Dataset {

  /** A table to create and the rows to COPY into it. */
  record Table(TableDef def, RowSource rows) {}

  /** The tables as a cell loads them: the cell's variant may change their definitions and rows. */
  List<Table> tables(LoadVariant variant);

  /** The data's shape, for run.json and the report; empty when there is nothing to show. */
  default Map<String, Object> shape() {
    return Map.of();
  }

  /**
   * The dataset a scenario describes; its kind was validated when the scenario was loaded. A PBF
   * file is decoded here, before any clock starts, into a cache under {@code workRoot}.
   */
  static Dataset of(DatasetSpec spec, Path workRoot, Consumer<String> notes)
      throws IOException, ScenarioException {
    return switch (spec.kind()) {
      case DatasetSpec.OSM_PBF ->
          OsmPbfDataset.prepare(spec.file(), middleTables(spec), pbfCache(workRoot), notes);
      case DatasetSpec.OSM_SYNTHETIC -> {
        OsmSyntheticDataset osm = new OsmSyntheticDataset(spec.rows(), spec.seed());
        List<MiddleTable> tables = middleTables(spec);
        yield variant ->
            tables.stream()
                .map(
                    t ->
                        new Table(
                            t.tableDef(variant.middleFormat()),
                            osm.source(t, variant.middleFormat())))
                .toList();
      }
      default -> generated(spec);
    };
  }

  /** A dataset generated from the spec alone, with no file to read: the non-osm kinds. */
  static Dataset generated(DatasetSpec spec) {
    return switch (spec.kind()) {
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

  /**
   * The decoded files' cache under the work root, checked like the work root itself: every target
   * streams them, and another user able to change them would choose the rows loaded.
   */
  private static Path pbfCache(Path workRoot) throws ScenarioException {
    try {
      WorkRoot.prepare(workRoot);
      return WorkRoot.prepare(workRoot.resolve("osm-pbf"));
    } catch (ServerException e) {
      throw new ScenarioException(e.getMessage());
    }
  }

  private static List<MiddleTable> middleTables(DatasetSpec spec) {
    return spec.tables().stream().map(MiddleTable::byYamlName).toList();
  }
}
