package org.pgloadbench.dataset;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.pgloadbench.variant.LoadVariant;

/**
 * A kind whose rows are generated, from no file: what {@code plan} and run.json say of it, and its
 * tables, follow from the dataset it opens and its own options, so each kind gives only those.
 */
interface GeneratedSpec extends DatasetSpec {
  @Override
  Dataset open(Path workRoot, Consumer<String> notes);

  /** The tables with their rows as opened (some derived, as pgbench's), then the options. */
  @Override
  default String describe() {
    List<String> parts = new ArrayList<>();
    for (Dataset.Table t : open(null, note -> {}).tables(null)) {
      parts.add(Specs.rowCount(t.def().name(), t.rows().rows()));
    }
    options().forEach((key, value) -> parts.add(key + " " + value));
    return String.join(", ", parts);
  }

  /** The tables' names, as opened. */
  @Override
  default List<String> tables() {
    return tableDefs(null).stream().map(TableDef::name).toList();
  }

  @Override
  default List<TableDef> tableDefs(LoadVariant variant) {
    return open(null, note -> {}).tables(variant).stream().map(Dataset.Table::def).toList();
  }
}
