package org.pgloadbench.recipe;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.pgloadbench.dataset.TableDef;
import org.pgloadbench.variant.LoadVariant;

/**
 * The steps a scenario names, as the steps of one table's load in one cell: those that apply to the
 * cell, in order. A name may stand for several steps, one per object of the table (the {@code
 * indexes} step builds each index as a step of its own), or for none.
 */
public final class Recipe {
  /** What a step name stands for on one table in one cell. */
  private interface Expansion {
    List<Step> on(TableDef table, LoadVariant variant);
  }

  private static final Map<String, Expansion> STEPS = new LinkedHashMap<>();

  static {
    add(new CreateTable());
    add(new CopyRows());
    // a table without a primary key (pgbench_history) has none to add
    SqlStep primaryKey =
        new SqlStep("primary_key", TableDef::addPrimaryKeySql, LoadVariant::primaryKeyLater);
    STEPS.put(
        primaryKey.name(),
        (table, variant) ->
            table.primaryKey() != null && primaryKey.appliesTo(variant)
                ? List.of(primaryKey)
                : List.of());
    add(new SqlStep("vacuum", t -> "VACUUM " + t.name()));
    add(new SqlStep("analyze", t -> "ANALYZE " + t.name()));
    add(
        new SqlStep(
            "set_logged", t -> "ALTER TABLE " + t.name() + " SET LOGGED", LoadVariant::unlogged));
    STEPS.put(CreateIndex.NAME, CreateIndex::of);
    // Dirty pages a load left in memory reach the disk here, not later, outside the measurement.
    add(new SqlStep("checkpoint", t -> "CHECKPOINT"));
    add(new SqlStep("drop", t -> "DROP TABLE IF EXISTS " + t.name()));
    add(new SqlStep("vacuum_analyze", t -> "VACUUM ANALYZE " + t.name()));
  }

  private Recipe() {}

  private static void add(Step step) {
    STEPS.put(step.name(), (table, variant) -> step.appliesTo(variant) ? List.of(step) : List.of());
  }

  /** The step names the harness knows, for validation and messages. */
  public static Set<String> knownSteps() {
    return Collections.unmodifiableSet(STEPS.keySet());
  }

  /** The steps of loading {@code table} in a cell of {@code variant}, in the order named. */
  public static List<Step> of(List<String> names, LoadVariant variant, TableDef table) {
    return names.stream().flatMap(name -> STEPS.get(name).on(table, variant).stream()).toList();
  }
}
