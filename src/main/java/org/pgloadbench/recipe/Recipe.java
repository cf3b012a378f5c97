package org.pgloadbench.recipe;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.pgloadbench.dataset.TableDef;
import org.pgloadbench.scenario.LoadVariant;

/**
 * The steps a scenario names, as the steps of one cell's load: those that apply to the cell, in
 * order.
 */
public final class Recipe {
  private static final Map<String, Step> STEPS =
      Stream.of(
              new CreateTable(),
              new CopyRows(),
              new SqlStep("primary_key", TableDef::addPrimaryKeySql, LoadVariant::primaryKeyLater),
              new SqlStep("vacuum", t -> "VACUUM " + t.name()),
              new SqlStep("analyze", t -> "ANALYZE " + t.name()),
              new SqlStep("drop", t -> "DROP TABLE IF EXISTS " + t.name()),
              new SqlStep("vacuum_analyze", t -> "VACUUM ANALYZE " + t.name()))
          .collect(
              Collectors.toMap(Step::name, Function.identity(), (a, b) -> a, LinkedHashMap::new));

  private Recipe() {}

  /** The step names the harness knows, for validation and messages. */
  public static Set<String> knownSteps() {
    return STEPS.keySet();
  }

  public static List<Step> of(List<String> names, LoadVariant variant) {
    return names.stream().map(STEPS::get).filter(step -> step.appliesTo(variant)).toList();
  }

  /** The steps of one table's load: a table without a primary key (pgbench_history) gets none. */
  public static List<Step> of(List<String> names, LoadVariant variant, TableDef table) {
    return of(names, variant).stream()
        .filter(step -> table.primaryKey() != null || !step.name().equals("primary_key"))
        .toList();
  }
}
