package org.pgloadbench.dataset;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.pgloadbench.server.ServerException;
import org.pgloadbench.server.WorkRoot;
import org.pgloadbench.variant.LoadVariant;

/** What the kinds' {@link DatasetSpec}s share: scaling, describing and recording their rows. */
final class Specs {
  private Specs() {}

  /** A kind that loads osm2pgsql's middle tables, as scenarios name them. */
  interface MiddleSpec extends DatasetSpec {
    /** The same tables, their rows the file's objects. */
    @Override
    default DatasetSpec fromFile(Path pbf) {
      return new OsmPbfDataset.Spec(pbf, tables());
    }

    @Override
    default List<TableDef> tableDefs(LoadVariant variant) {
      return middleTables(tables()).stream().map(t -> t.tableDef(variant.middleFormat())).toList();
    }
  }

  static long scaledRows(long rows, double scale) {
    return Math.max(1, Math.round(rows * scale));
  }

  /** Each table's rows multiplied by {@code scale}, in the same order. */
  static Map<String, Long> scaledRows(Map<String, Long> rows, double scale) {
    Map<String, Long> scaled = new LinkedHashMap<>();
    rows.forEach((table, n) -> scaled.put(table, scaledRows(n, scale)));
    return scaled;
  }

  static String rowCount(String table, long rows) {
    return String.format(Locale.ROOT, "%s %,d rows", table, rows);
  }

  /**
   * The decoded files' cache, checked like the work root (the user's own, no one else may write to
   * it, not a link): it is read for every target, the servers' too.
   */
  static Path pbfCache(Path workRoot) throws DataFileException {
    try {
      WorkRoot.prepare(workRoot);
      return WorkRoot.prepare(workRoot.resolve("osm-pbf"));
    } catch (ServerException e) {
      throw new DataFileException(e.getMessage());
    }
  }

  static List<MiddleTable> middleTables(List<String> tables) {
    return tables.stream().map(MiddleTable::byYamlName).toList();
  }
}
