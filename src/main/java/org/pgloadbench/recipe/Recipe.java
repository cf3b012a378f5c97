package org.pgloadbench.recipe;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
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

  private static final Map<StepKind, Expansion> STEPS = new EnumMap<>(StepKind.class);

  static {
    add(new CreateTable());
    add(new LoadRows());
    // a table without a primary key (pgbench_history) has none to add
    SqlStep primaryKey =
        new SqlStep(StepKind.PRIMARY_KEY, TableDef::addPrimaryKeySql, LoadVariant::primaryKeyLater);
    STEPS.put(
        primaryKey.kind(),
        (table, variant) ->
            table.primaryKey() != null && primaryKey.appliesTo(variant)
                ? List.of(primaryKey)
                : List.of());
    add(new SqlStep(StepKind.VACUUM, t -> "VACUUM " + t.name()));
    add(new SqlStep(StepKind.ANALYZE, t -> "ANALYZE " + t.name()));
    add(
        new SqlStep(
            StepKind.SET_LOGGED,
            t -> "ALTER TABLE " + t.name() + " SET LOGGED",
            LoadVariant::unlogged));
    // One build per secondary index, so each is timed, and stored, on its own; none where the cell
    // creates the indexes with the table (indexes: now).
    STEPS.put(
        StepKind.INDEXES,
        (table, variant) ->
            variant.indexesNow()
                ? List.of()
                : table.indexesFor(variant).stream()
                    .<Step>map(
                        index ->
                            new SqlStep(
                                StepKind.INDEXES,
                                index.name(),
                                load -> index.createSql(load.variant()),
                                v -> true))
                    .toList());
    // Dirty pages a load left in memory reach the disk here, not later, outside the measurement.
    add(new SqlStep(StepKind.CHECKPOINT, t -> "CHECKPOINT"));
    add(new SqlStep(StepKind.DROP, t -> "DROP TABLE IF EXISTS " + t.name()));
    add(new SqlStep(StepKind.VACUUM_ANALYZE, t -> "VACUUM ANALYZE " + t.name()));
    // what a plain COPY needs to end all-frozen, as COPY FREEZE leaves a table
    add(new SqlStep(StepKind.VACUUM_FREEZE, t -> "VACUUM (FREEZE) " + t.name()));
  }

  private Recipe() {}

  private static void add(Step step) {
    STEPS.put(step.kind(), (table, variant) -> step.appliesTo(variant) ? List.of(step) : List.of());
  }

  /** The steps of loading {@code table} in a cell of {@code variant}, in the order named. */
  public static List<Step> of(List<StepKind> kinds, LoadVariant variant, TableDef table) {
    return kinds.stream().flatMap(kind -> STEPS.get(kind).on(table, variant).stream()).toList();
  }
}
