package org.pgloadbench.recipe;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiPredicate;
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
    // only when the key comes later; a table without one (pgbench_history) has none to add
    add(
        new SqlStep(StepKind.PRIMARY_KEY, TableDef::addPrimaryKeySql),
        (table, variant) -> table.primaryKey() != null && variant.primaryKeyLater());
    add(new SqlStep(StepKind.VACUUM, t -> "VACUUM " + t.name()));
    add(new SqlStep(StepKind.ANALYZE, t -> "ANALYZE " + t.name()));
    add(
        new SqlStep(StepKind.SET_LOGGED, t -> "ALTER TABLE " + t.name() + " SET LOGGED"),
        (table, variant) -> variant.unlogged());
    STEPS.put(StepKind.INDEXES, Recipe::indexes);
    // Dirty pages a load left in memory reach the disk here, not later, outside the measurement.
    add(new SqlStep(StepKind.CHECKPOINT, t -> "CHECKPOINT"));
    add(new SqlStep(StepKind.DROP, t -> "DROP TABLE IF EXISTS " + t.name()));
    add(new SqlStep(StepKind.VACUUM_ANALYZE, t -> "VACUUM ANALYZE " + t.name()));
    // what a plain COPY needs to end all-frozen, as COPY FREEZE leaves a table
    add(new SqlStep(StepKind.VACUUM_FREEZE, t -> "VACUUM (FREEZE) " + t.name()));
  }

  private Recipe() {}

  private static void add(Step step) {
    add(step, (table, variant) -> true);
  }

  /** A step that has something to do only where {@code applies} holds. */
  private static void add(Step step, BiPredicate<TableDef, LoadVariant> applies) {
    STEPS.put(step.kind(), (table, v) -> applies.test(table, v) ? List.of(step) : List.of());
  }

  /**
   * One build per secondary index, so each is timed, and stored, on its own; none where the cell
   * creates the indexes with the table ({@code indexes: now}).
   */
  private static List<Step> indexes(TableDef table, LoadVariant variant) {
    if (variant.indexesNow()) {
      return List.of();
    }
    return table.indexesFor(variant).stream()
        .<Step>map(i -> new SqlStep(StepKind.INDEXES, i.name(), t -> i.createSql(t.variant())))
        .toList();
  }

  /** The steps of loading {@code table} in a cell of {@code variant}, in the order named. */
  public static List<Step> of(List<StepKind> kinds, LoadVariant variant, TableDef table) {
    return kinds.stream().flatMap(kind -> STEPS.get(kind).on(table, variant).stream()).toList();
  }
}
