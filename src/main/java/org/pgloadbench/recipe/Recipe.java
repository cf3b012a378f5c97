package org.pgloadbench.recipe;

import java.sql.Statement;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiPredicate;
import java.util.function.Function;
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
    add(new Step(StepKind.CREATE, null, CreateTable::run));
    add(new Step(StepKind.COPY, null, LoadRows::run));
    // only when the key comes later; a table without one (pgbench_history) has none to add
    add(
        sql(StepKind.PRIMARY_KEY, TableDef::addPrimaryKeySql),
        (table, variant) -> table.primaryKey() != null && variant.primaryKeyLater());
    add(sql(StepKind.VACUUM, t -> "VACUUM " + t.name()));
    add(sql(StepKind.ANALYZE, t -> "ANALYZE " + t.name()));
    add(
        sql(StepKind.SET_LOGGED, t -> "ALTER TABLE " + t.name() + " SET LOGGED"),
        (table, variant) -> variant.unlogged());
    STEPS.put(StepKind.INDEXES, Recipe::indexes);
    // Dirty pages a load left in memory reach the disk here, not later, outside the measurement.
    add(sql(StepKind.CHECKPOINT, t -> "CHECKPOINT"));
    add(sql(StepKind.DROP, t -> "DROP TABLE IF EXISTS " + t.name()));
    add(sql(StepKind.VACUUM_ANALYZE, t -> "VACUUM ANALYZE " + t.name()));
    // what a plain COPY needs to end all-frozen, as COPY FREEZE leaves a table
    add(sql(StepKind.VACUUM_FREEZE, t -> "VACUUM (FREEZE) " + t.name()));
  }

  private Recipe() {}

  /** A step that is one SQL statement on the table itself. */
  private static Step sql(StepKind kind, Function<TableDef, String> sql) {
    return sql(kind, null, load -> sql.apply(load.table()));
  }

  /**
   * A step that is one SQL statement, run in autocommit mode (VACUUM needs that), on the table or
   * on one {@code object} of it (null: the table itself).
   */
  private static Step sql(StepKind kind, String object, Function<TableLoad, String> sql) {
    return new Step(
        kind,
        object,
        load -> {
          try (Statement statement = load.connection().createStatement()) {
            statement.execute(sql.apply(load));
          }
          return Step.NO_ROWS;
        });
  }

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
        .<Step>map(i -> sql(StepKind.INDEXES, i.name(), load -> i.createSql(load.variant())))
        .toList();
  }

  /** The steps of loading {@code table} in a cell of {@code variant}, in the order named. */
  public static List<Step> of(List<StepKind> kinds, LoadVariant variant, TableDef table) {
    return kinds.stream().flatMap(kind -> STEPS.get(kind).on(table, variant).stream()).toList();
  }
}
