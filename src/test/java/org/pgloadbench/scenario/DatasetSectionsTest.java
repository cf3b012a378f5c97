package org.pgloadbench.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.dataset.Dataset;
import org.pgloadbench.dataset.DatasetSpec;
import org.pgloadbench.dataset.GeometryDataset;
import org.pgloadbench.dataset.IntArrayDataset;
import org.pgloadbench.dataset.IntArrayDataset.Distribution;
import org.pgloadbench.dataset.Srid;
import org.pgloadbench.variant.LoaderKind;

/**
 * The dataset kinds besides osm-synthetic and the loader axes: what they read, the defaults they
 * fill in, and the one-line errors for wrong values and impossible cells.
 */
class DatasetSectionsTest {
  @TempDir Path dir;

  Scenario load(String dataset, String matrix) throws Exception {
    Path file =
        Files.writeString(
            dir.resolve("s.yaml"),
            "name: s\ndataset: "
                + dataset
                + "\nservers: {versions: [17]}\nmatrix:\n"
                + matrix
                + "\nsteps: [create, copy]\n");
    return ScenarioLoader.load(file);
  }

  String error(String dataset, String matrix) {
    String message =
        catchThrowableOfType(ScenarioException.class, () -> load(dataset, matrix)).getMessage();
    assertThat(message).startsWith(dir.resolve("s.yaml").toString() + ":").doesNotContain("\n");
    return message.substring(dir.resolve("s.yaml").toString().length() + 1);
  }

  static final String ARRAYS = "{kind: int-arrays, rows: 1000, elements: 10, distribution: zipf}";
  static final String LOADERS = "  loader: [copy, insert]";

  @Test
  void intArraysWithDefaults() throws Exception {
    DatasetSpec spec = load(ARRAYS, LOADERS).dataset();
    assertThat(spec.tables()).containsExactly("int_arrays");
    assertThat(spec.rows()).isEqualTo(Map.of("int_arrays", 1000L));
    assertThat(spec).isEqualTo(new IntArrayDataset.Spec(1000, 10, Distribution.ZIPF, 10_000, 1));
    assertThat(spec.json())
        .containsEntry("elements", "10")
        .containsEntry("distribution", "zipf")
        .containsEntry("domain", "10000");
    assertThat(open(spec.scaled(0.1)).get(0).rows().rows()).isEqualTo(100);
  }

  @Test
  void pointsAndPgbench() throws Exception {
    DatasetSpec points = load("{kind: points, rows: 50, geometry: box}", LOADERS).dataset();
    assertThat(points.tables()).containsExactly("boxes");
    assertThat(points.json()).containsEntry("shape", "uniform");
    assertThat(open(points).get(0).def().name()).isEqualTo("boxes");

    DatasetSpec pgbench = load("{kind: pgbench, scale: 2}", LOADERS).dataset();
    assertThat(open(pgbench))
        .extracting(t -> t.rows().rows())
        .containsExactly(2L, 20L, 200_000L, 0L);
    assertThat(open(pgbench.scaled(0.05)))
        .extracting(t -> t.rows().rows())
        .containsExactly(1L, 10L, 10_000L, 0L);
  }

  @Test
  void geometryGeneratedOrFromAFile() throws Exception {
    DatasetSpec generated =
        load("{kind: geometry, rows: {point: 300, line: 100}, seed: 3}", LOADERS).dataset();
    assertThat(generated)
        .isEqualTo(
            new GeometryDataset.Spec(
                List.of("point", "line"),
                Map.of("point", 300L, "line", 100L),
                null,
                Srid.WEB_MERCATOR,
                3));
    assertThat(generated.tables()).containsExactly("point", "line");
    assertThat(generated.json()).containsEntry("srid", "3857").containsEntry("seed", 3L);
    assertThat(generated.describe())
        .isEqualTo("point 300 rows, line 100 rows, seed 3, SRID 3857, needs PostGIS");
    assertThat(generated.extensions())
        .extracting(DatasetSpec.Extension::name)
        .containsExactly("postgis");
    assertThat(open(generated.scaled(0.1)))
        .extracting(t -> t.def().name() + " " + t.rows().rows())
        .containsExactly("planet_osm_point 30", "planet_osm_line 10");

    Path pbf =
        Files.copy(Path.of("data/liechtenstein-2013-08-03.osm.pbf"), dir.resolve("li.osm.pbf"));
    DatasetSpec file =
        load("{kind: geometry, tables: [line], file: li.osm.pbf, srid: 4326}", LOADERS).dataset();
    assertThat(file)
        .isEqualTo(new GeometryDataset.Spec(List.of("line"), Map.of(), pbf, Srid.WGS84, 1));
    assertThat(file.scaled(0.5)).isEqualTo(file);
    assertThat(file.json()).containsEntry("file", "li.osm.pbf").containsEntry("srid", "4326");
  }

  @Test
  void geometryDatasetValues() {
    assertThat(error("{kind: geometry}", LOADERS))
        .isEqualTo(
            "2: dataset: no rows; give rows per table, e.g. rows: {point: 300000, line: 100000},"
                + " or a PBF file, e.g. file: ../data/andorra-2023-07-12.osm.pbf");
    assertThat(error("{kind: geometry, rows: {point: 10}}", LOADERS))
        .isEqualTo("2: dataset.rows: no row count for 'line', which is loaded; add line: <rows>");
    assertThat(error("{kind: geometry, tables: [polygon], rows: {point: 10}}", LOADERS))
        .isEqualTo("2: dataset.tables[0]: 'polygon' is not a geometry table; use point or line");
    assertThat(error("{kind: geometry, rows: {point: 10, line: 5}, srid: 900913}", LOADERS))
        .isEqualTo(
            "2: dataset.srid: '900913' is not an SRID osm2pgsql writes; use 3857 (web Mercator,"
                + " its default) or 4326 (degrees)");
    assertThat(
            error(
                "{kind: geometry, rows: {line: 5}, file: ../data/andorra-2023-07-12.osm.pbf}",
                LOADERS))
        .isEqualTo("2: dataset.rows: the rows are the file's; give rows or file, not both");
  }

  /** The tables of a generated dataset, as the default cell loads them. */
  private static List<Dataset.Table> open(DatasetSpec spec) throws Exception {
    return spec.open(null, note -> {}).tables(Axis.variant(Map.of()));
  }

  @Test
  void badDatasetValues() {
    assertThat(error("{kind: int-arrays, rows: 10, elements: 5, distribution: normal}", LOADERS))
        .isEqualTo(
            "2: dataset.distribution: 'normal' is not a distribution; use uniform, zipf,"
                + " identical");
    assertThat(error("{kind: int-arrays, rows: 10}", LOADERS))
        .isEqualTo("2: missing 'dataset.elements': e.g. elements: 100");
    assertThat(error("{kind: points, rows: 10, tables: [points]}", LOADERS))
        .startsWith("2: unknown key 'tables' in dataset; known keys: kind, rows, shape");
    assertThat(error("{kind: pgbench, scale: 0}", LOADERS))
        .isEqualTo("2: dataset.scale: expected a whole number >= 1, got '0'");
    assertThat(error("{kind: pgbnch}", LOADERS))
        .startsWith("2: dataset.kind: 'pgbnch' is not a dataset kind (did you mean 'pgbench'?)");
  }

  @Test
  void loaderAxesMakeCells() throws Exception {
    Scenario s =
        load(
            ARRAYS,
            "  loader: [insert_values, batch_rewrite]\n  batch_size: [10, 100]\n"
                + "  commit_every: [all, 500]");
    assertThat(s.cells()).hasSize(8);
    assertThat(s.cells().get(0).label()).isEqualTo("insert-values+batch-10+commit-all");
    assertThat(s.cells().get(7).variant())
        .extracting(v -> List.of(v.loader(), v.batchSize(), v.commitEvery()))
        .isEqualTo(List.of(LoaderKind.BATCH_REWRITE, 100, 500L));
  }

  @Test
  void impossibleLoaderCellsAreRefused() {
    assertThat(error(ARRAYS, "  loader: [copy, batch]\n  freeze: [true]"))
        .isEqualTo(
            "6: cell batch+freeze is impossible: FREEZE is an option of COPY, not of batch;"
                + " add to exclude: {loader: batch, freeze: true}");
    assertThat(error(ARRAYS, "  loader: [insert]\n  format: [binary]"))
        .startsWith("6: cell insert+binary is impossible: the binary format is COPY's");
    // an axis that collapses in every cell was written for nothing
    assertThat(error(ARRAYS, "  loader: [insert]\n  batch_size: [10]"))
        .isEqualTo(
            "6: matrix.batch_size: applies to no cell: insert sends one row per statement; add a"
                + " loader it applies to (insert_values, batch, batch_rewrite) to matrix.loader,"
                + " or remove batch_size");
    assertThat(error(ARRAYS, "  commit_every: [10]"))
        .isEqualTo(
            "5: matrix.commit_every: applies to no cell: COPY loads in one transaction; add a"
                + " loader it applies to (insert, insert_values, batch, batch_rewrite) to"
                + " matrix.loader, or remove commit_every");
    assertThat(error(ARRAYS, "  loader: [batch_rewrite]\n  connections: [2]"))
        .startsWith("6: cell batch-rewrite+conn-2 is impossible: batch_rewrite counts its rows");
    assertThat(error(ARRAYS, "  loader: [bulk]"))
        .startsWith("5: matrix.loader[0]: 'bulk' is not a loader; use copy, insert,");
  }

  @Test
  void ginAxesReadOnOffAndSizes() throws Exception {
    Scenario s =
        load(
            ARRAYS,
            "  indexes: [now]\n"
                + "  fastupdate: [off, on]\n"
                + "  gin_pending_list_limit: [default, 64kB, 1GB]");
    assertThat(s.cells()).hasSize(6);
    assertThat(s.cells().get(0).label()).isEqualTo("idx-now+fastupdate-off+pending-default");
    assertThat(s.cells())
        .extracting(c -> c.variant().fastupdate() + "/" + c.variant().ginPendingListLimitKb())
        .containsExactly(
            "false/0", "false/64", "false/1048576", "true/0", "true/64", "true/1048576");
    assertThat(error(ARRAYS, "  gin_pending_list_limit: [32kB]"))
        .startsWith("5: matrix.gin_pending_list_limit[0]: '32kB' is not a pending list limit; use");
    assertThat(error(ARRAYS, "  gin_pending_list_limit: [4096]"))
        .contains("with a unit, e.g. 64kB, 4MB, 1GB");
    assertThat(error(ARRAYS, "  fastupdate: [maybe]"))
        .startsWith("5: matrix.fastupdate[0]: 'maybe' is not a fastupdate setting");
  }
}
